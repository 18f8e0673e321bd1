import { defineGroup, route } from '../../http/route';
import * as claims from './operations';

const tag = 'Claims';

export const claimsGroup = defineGroup({
  name: 'claims',
  source: import.meta.url,
  description:
    'Insurance: payers, plans, coverage, pre-authorisations, claims, adjudication, remittances, denials, aging and the billing health check',
  routes: [
    route(claims.listPayers, { method: 'GET', path: '/claims/payers', tag }),
    route(claims.createPayer, { method: 'POST', path: '/claims/payers', tag, status: 201 }),
    route(claims.listPlans, { method: 'GET', path: '/claims/plans', tag }),
    route(claims.createPlan, { method: 'POST', path: '/claims/plans', tag, status: 201 }),
    route(claims.listCoverages, { method: 'GET', path: '/claims/coverages', tag }),
    route(claims.deductible, { method: 'GET', path: '/claims/coverages/{id}/deductible', tag }),
    route(claims.createCoverage, { method: 'POST', path: '/claims/coverages', tag, status: 201 }),
    route(claims.listPreauths, { method: 'GET', path: '/claims/preauths', tag }),
    route(claims.requestPreauth, { method: 'POST', path: '/claims/preauths', tag, status: 201 }),
    route(claims.decidePreauth, { method: 'PATCH', path: '/claims/preauths/{id}', tag }),
    route(claims.denials, { method: 'GET', path: '/claims/denials', tag }),
    route(claims.aging, { method: 'GET', path: '/claims/aging', tag }),
    route(claims.healthCheck, { method: 'GET', path: '/claims/health-check', tag }),
    route(claims.listRemittances, { method: 'GET', path: '/claims/remittances', tag }),
    route(claims.createRemittance, {
      method: 'POST',
      path: '/claims/remittances',
      tag,
      status: 201,
    }),
    route(claims.getRemittance, { method: 'GET', path: '/claims/remittances/{id}', tag }),
    route(claims.allocate, {
      method: 'POST',
      path: '/claims/remittances/{id}/allocations',
      tag,
      status: 201,
    }),
    route(claims.listClaims, { method: 'GET', path: '/claims', tag }),
    route(claims.createClaim, { method: 'POST', path: '/claims', tag, status: 201 }),
    route(claims.getClaim, { method: 'GET', path: '/claims/{id}', tag }),
    route(claims.claimDocument, { method: 'GET', path: '/claims/{id}/fhir', tag }),
    route(claims.claimResponse, { method: 'GET', path: '/claims/{id}/claim-response', tag }),
    route(claims.submitClaim, { method: 'POST', path: '/claims/{id}/submit', tag }),
    route(claims.adjudicate, { method: 'POST', path: '/claims/{id}/adjudication', tag }),
    route(claims.resubmit, { method: 'POST', path: '/claims/{id}/resubmit', tag }),
    route(claims.acceptDenial, { method: 'POST', path: '/claims/{id}/accept-denial', tag }),
    route(claims.cancelClaim, { method: 'POST', path: '/claims/{id}/cancel', tag }),
  ],
});
