/**
 * Stands in for `@aws-sdk/credential-provider-node` in every Lambda bundle: lib/bundling.ts
 * aliases that package to this file at bundle time (the stack's bundling and bin/bundles.ts alike).
 * The AWS SDK clients import only `defaultProvider` from it (their runtimeConfig), which here
 * reads the credentials from the environment and nothing else.
 *
 * Why it is safe: on Lambda the credentials of the function's execution role are always in the
 * environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, set by the runtime
 * before the handler module loads), and the SDK's own chain takes them from there first. The
 * other links of that chain (SSO, shared config and credentials files, credential_process, web
 * identity token files, container and instance metadata) never apply inside Lambda, yet they
 * pull the SSO, STS and SSO-OIDC clients and the INI parsers into each bundle: about 130 KB of
 * the 460 KB. Without the variables this provider throws CredentialsProviderError, as the chain
 * would after trying the others.
 *
 * The local runtime (bin/local.ts) and the tests run the TypeScript sources, not the bundles, so
 * they keep the SDK's full chain.
 */
import { type FromEnvInit, fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
