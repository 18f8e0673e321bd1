/** Stands in for `ajv-formats` beside lib/bundle-shims/ajv.ts: adds nothing to the stand-in. */
export default function addFormats<T>(ajv: T): T {
  return ajv;
}
