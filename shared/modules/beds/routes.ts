import { defineGroup, route } from '../../http/route';
import * as beds from './operations';

export const wardsGroup = defineGroup({
  name: 'wards',
  source: import.meta.url,
  description: 'Wards and beds (HL7 0116 states), bed availability and the bed board',
  routes: [
    route(beds.createWard, { method: 'POST', path: '/wards', tag: 'Wards and beds', status: 201 }),
    route(beds.listWards, { method: 'GET', path: '/wards', tag: 'Wards and beds' }),
    route(beds.getWard, { method: 'GET', path: '/wards/{id}', tag: 'Wards and beds' }),
    route(beds.createBeds, {
      method: 'POST',
      path: '/wards/{id}/beds',
      tag: 'Wards and beds',
      status: 201,
    }),
    route(beds.board, { method: 'GET', path: '/wards/{id}/board', tag: 'Wards and beds' }),
    route(beds.availability, {
      method: 'GET',
      path: '/beds/availability',
      tag: 'Wards and beds',
    }),
    route(beds.getBed, { method: 'GET', path: '/beds/{id}', tag: 'Wards and beds' }),
    route(beds.changeState, { method: 'PATCH', path: '/beds/{id}/state', tag: 'Wards and beds' }),
    route(beds.markClean, { method: 'POST', path: '/beds/{id}/clean', tag: 'Wards and beds' }),
  ],
});
