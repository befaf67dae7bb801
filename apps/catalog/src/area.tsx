import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKinds } from '@steward/libs/federation';
import { filteredListPath } from '@steward/libs/filter';
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
/** Global search: a product or supply opens its list, filtered to its name. */
const search: AreaSearchKinds = {
  product: { label: 'Products', path: (hit) => filteredListPath('/inventory', 'name', hit.title) },
  supply: { label: 'Supplies', path: (hit) => filteredListPath('/supplies', 'name', hit.title) },
};

const area = defineArea('catalog', __STEWARD_APP_VERSION__, CatalogRoutes, { search });

export default area;
