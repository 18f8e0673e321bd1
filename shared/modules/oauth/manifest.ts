import { defineModule } from '../../manifest/module';
import * as oauth from './operations';
import { oauthGroup } from './routes';

export default defineModule({
  name: 'oauth',
  title: 'Agent authorization (OAuth)',
  // With the pages and sign-in: the consent page (/oauth/consent) and these routes share /oauth.
  area: 'identity',
  source: import.meta.url,
  doc: 'docs/mcp-authorization.md',
  groups: [oauthGroup],
  pages: [
    {
      name: 'oauth-consent',
      path: '/oauth/consent',
      title: 'Connect an agent',
      summary: 'Consent page of an agent authorization (OAuth): choose what the agent may do',
      icon: 'robot',
      section: 'none',
      // It signs the user in itself (sessionStorage), as the login page does.
      audience: 'public',
      layout: 'public',
      body: 'shared/web/oauth-consent.ts',
      script: 'shared/web/client/oauth-consent.ts',
    },
    {
      name: 'connected-agents',
      path: '/connected-agents',
      title: 'Connected agents',
      summary:
        'Connected agents: the OAuth grants (and, for an administrator, the API keys) that act for the hospital, with disconnect',
      icon: 'robot',
      section: 'Agents',
      // Everyone may see and disconnect the agents they connected; an ADMIN sees them all.
      audience: [oauth.grants],
      layout: 'app',
      body: 'shared/web/connected-agents.ts',
      script: 'shared/web/client/connected-agents.ts',
    },
  ],
  stateTables: [
    {
      title: 'OAuth grant',
      intro:
        '| Status | Next | How |\n|---|---|---|\n| `active` | `revoked` | `oauth.disconnect` (`POST /oauth/grants/{id}/revoke`), `POST /oauth/revoke` (RFC 7009) by the client, or a replayed code or refresh token |\n| `revoked` | none | the user authorizes the agent again |',
    },
  ],
});
