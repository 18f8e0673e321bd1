/** How long each OAuth artefact lives (docs/mcp-authorization.md, "Lifetimes"). */
export const LIFETIME_SECONDS = {
  /** The consent page must be completed within this. */
  request: 600,
  /** OAuth 2.1 §4.1.2: short; one use. */
  code: 60,
  /** Short: a stolen access token is worth little, and a refresh re-reads the grant. */
  access: 900,
  /** Rotated at every use; idle for longer and the user consents again. */
  refresh: 30 * 24 * 3600,
} as const;

export const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
