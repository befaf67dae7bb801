import { Route, Routes } from 'react-router';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { InventoryPage } from './inventory/InventoryPage';
import { OrdersPage } from './orders/OrdersPage';
import { SuppliesPage } from './supplies/SuppliesPage';

function CatalogRoutes() {
  return (
    <Routes>
      <Route path="supplies" element={<SuppliesPage />} />
      <Route path="inventory" element={<InventoryPage />} />
      <Route path="orders" element={<OrdersPage />} />
    </Routes>
  );
}

/** The Catalog area: supplies, the product catalogue (inventory) and the orders placeholder. */
const area: RemoteArea = {
  name: 'catalog',
  title: AREA_TITLES.catalog,
  version: __STEWARD_APP_VERSION__,
  paths: routesOwnedBy('catalog').map((route) => route.path),
  Routes: CatalogRoutes,
};

export default area;
