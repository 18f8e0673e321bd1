import { defineGroup, route } from '../../http/route';
import * as pharmacy from './operations';

export const pharmacyGroup = defineGroup({
  name: 'pharmacy',
  source: import.meta.url,
  description: 'Formulary, stock by batch, goods receipts, dispensing, expiry scan and low stock',
  routes: [
    route(pharmacy.createItem, {
      method: 'POST',
      path: '/pharmacy/items',
      tag: 'Pharmacy',
      status: 201,
    }),
    route(pharmacy.listItemsOp, { method: 'GET', path: '/pharmacy/items', tag: 'Pharmacy' }),
    route(pharmacy.updateItem, { method: 'PATCH', path: '/pharmacy/items/{id}', tag: 'Pharmacy' }),
    route(pharmacy.stock, { method: 'GET', path: '/pharmacy/items/{id}/stock', tag: 'Pharmacy' }),
    route(pharmacy.movements, {
      method: 'GET',
      path: '/pharmacy/items/{id}/movements',
      tag: 'Pharmacy',
    }),
    route(pharmacy.batchMovements, {
      method: 'GET',
      path: '/pharmacy/items/{id}/batches/{batchId}/movements',
      tag: 'Pharmacy',
    }),
    route(pharmacy.adjust, {
      method: 'POST',
      path: '/pharmacy/items/{id}/batches/{batchId}/adjustments',
      tag: 'Pharmacy',
      status: 201,
    }),
    route(pharmacy.writeOff, {
      method: 'POST',
      path: '/pharmacy/items/{id}/batches/{batchId}/write-off',
      tag: 'Pharmacy',
    }),
    route(pharmacy.recall, {
      method: 'POST',
      path: '/pharmacy/items/{id}/batches/{batchId}/recall',
      tag: 'Pharmacy',
    }),
    route(pharmacy.receive, {
      method: 'POST',
      path: '/pharmacy/receipts',
      tag: 'Pharmacy',
      status: 201,
    }),
    route(pharmacy.listReceipts, { method: 'GET', path: '/pharmacy/receipts', tag: 'Pharmacy' }),
    route(pharmacy.dispense, {
      method: 'POST',
      path: '/pharmacy/dispenses',
      tag: 'Pharmacy',
      status: 201,
    }),
    route(pharmacy.returnDispensed, {
      method: 'POST',
      path: '/pharmacy/dispenses/{id}/returns',
      tag: 'Pharmacy',
      status: 201,
    }),
    route(pharmacy.listDispenses, { method: 'GET', path: '/pharmacy/dispenses', tag: 'Pharmacy' }),
    route(pharmacy.expiryScan, { method: 'GET', path: '/pharmacy/expiry-scan', tag: 'Pharmacy' }),
    route(pharmacy.lowStock, { method: 'GET', path: '/pharmacy/low-stock', tag: 'Pharmacy' }),
  ],
});
