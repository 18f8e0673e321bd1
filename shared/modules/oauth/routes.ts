import { defineGroup, route } from '../../http/route';
import * as oauth from './operations';

/**
 * The signed-in user's OAuth routes (consent, connected agents). The authorization server itself
 * (metadata, authorize, token, register, revoke) is served by the MCP function on its origin
 * (shared/mcp/oauth.ts).
 */
export const oauthGroup = defineGroup({
  name: 'oauth',
  source: import.meta.url,
  description: 'Agent authorization: consent and connected agents',
  routes: [
    route(oauth.consentRequest, {
      method: 'GET',
      path: '/oauth/requests/{id}',
      tag: 'Agent authorization',
    }),
    route(oauth.decideConsent, {
      method: 'POST',
      path: '/oauth/requests/{id}/decision',
      tag: 'Agent authorization',
    }),
    route(oauth.grants, { method: 'GET', path: '/oauth/grants', tag: 'Agent authorization' }),
    route(oauth.disconnectGrant, {
      method: 'POST',
      path: '/oauth/grants/{id}/revoke',
      tag: 'Agent authorization',
    }),
  ],
});
