/** Start-up: routes to the initial section once the session is known. Part of the /admin page script (see ../admin-client.ts). */
export const START_CODE = `
  // ---------------------------------------------------------------- Start

  var initialRole = state.me && state.me.role;
  route(true);
  // Role-dependent views re-render if /auth/me reports a different role than the stored session.
  meReady.then(function () {
    if (!state.me || state.me.role === initialRole) return;
    if (state.current) VIEWS[state.current].load();
  });
`;
