/** A function that loads HiGHS (WebAssembly) as the roster does: bundled by test/cdk/bundle-wasm.test.ts. */
export const handler = async () => {
  const highs = await (await import('highs')).default();
  const r = highs.solve(
    'Maximize\n obj: x + y\nSubject To\n c1: x + 2 y <= 4\nBounds\n 0 <= x <= 3\n 0 <= y <= 3\nGeneral\n x y\nEnd\n',
    {},
  );
  return r.Status;
};
