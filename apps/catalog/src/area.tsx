import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKind, type AreaSearchKinds } from '@steward/libs/shell';
import { filteredListPath } from '@steward/libs/filter';
import { lazyAntdPage, LoadingText } from '@steward/libs/ui';
import { SuppliesPage } from './supplies/SuppliesPage';
import { localized } from './i18n';

// The product catalogue draws with tabs and the orders page with a card (antd's data components): they
// load when opened, so the supplies list's first rows wait for neither.
const loading = <p><LoadingText /></p>;
const InventoryPage = lazyAntdPage(() => import('./inventory/InventoryPage').then((module) => ({ default: module.InventoryPage })), loading);
const OrdersPage = lazyAntdPage(() => import('./orders/OrdersPage').then((module) => ({ default: module.OrdersPage })), loading);

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
/** Global search: a product or supply opens its list, filtered to its name. */
const search: AreaSearchKinds = {
  product: localized<AreaSearchKind>({ label: '', path: (hit) => filteredListPath('/inventory', 'name', hit.title) }, { label: 'products.title' }),
  supply: localized<AreaSearchKind>({ label: '', path: (hit) => filteredListPath('/supplies', 'name', hit.title) }, { label: 'supplies.title' }),
};

const area = defineArea('catalog', __STEWARD_APP_VERSION__, CatalogRoutes, { search });

export default area;
