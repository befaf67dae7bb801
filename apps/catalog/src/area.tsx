import { Route, Routes } from '@steward/libs/router';
import { defineArea } from '@steward/libs/federation';
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
const area = defineArea('catalog', __STEWARD_APP_VERSION__, CatalogRoutes);

export default area;
