// antd's component styles as one prebuilt stylesheet (zero-runtime mode, see brandingTheme): loaded
// with the first themed screen, not with the landing page.
import 'antd/dist/antd.css';
