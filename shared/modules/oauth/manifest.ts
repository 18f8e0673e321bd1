import { defineModule } from '../../manifest/module';
import { oauthGroup } from './routes';

export default defineModule({
  name: 'oauth',
  title: 'Agent authorization (OAuth)',
  // With the pages and sign-in: the consent page (/oauth/consent) and these routes share /oauth.
  area: 'identity',
  source: import.meta.url,
  doc: 'docs/mcp-authorization.md',
  groups: [oauthGroup],
  pageScripts: { 'oauth-consent': 'shared/web/client/oauth-consent.ts' },
  stateTables: [
    {
      title: 'OAuth grant',
      intro:
        '| Status | Next | How |\n|---|---|---|\n| `active` | `revoked` | `oauth.disconnect` (`POST /oauth/grants/{id}/revoke`), `POST /oauth/revoke` (RFC 7009) by the client, or a replayed code or refresh token |\n| `revoked` | none | the user authorizes the agent again |',
    },
  ],
});
