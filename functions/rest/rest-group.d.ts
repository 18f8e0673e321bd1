/** The file that declares the function's REST group, chosen at bundle time (lib/bundling.ts). */
declare module '@hms/rest-group' {
  const exported: Readonly<Record<string, unknown>>;
  export = exported;
}
