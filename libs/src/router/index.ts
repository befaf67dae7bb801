// The router every app uses, shared as this one libs module instead of as the react-router-dom package: a
// shared package is bundled whole (≈ 59 KB gzip, data routers and server rendering included), while
// this surface ships only what the platform calls (≈ 14 KB). One module, so one router context on the
// page. Need another export? Add it here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';
