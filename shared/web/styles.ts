/**
 * The single stylesheet shared by every page (inlined into each document by layout.ts).
 * System font stack only; colours chosen for WCAG AA contrast on their backgrounds.
 */
export const STYLES = String.raw`
:root {
  --bg: #f4f6f9;
  --surface: #ffffff;
  --surface-muted: #f8fafc;
  --text: #0f172a;
  --text-muted: #475569;
  --border: #dbe2ea;
  --border-strong: #b8c4d2;
  --primary: #0f766e;
  --primary-hover: #115e59;
  --primary-soft: #e6f6f4;
  --primary-ink: #134e4a;
  --focus: #2563eb;
  --danger: #b42318;
  --danger-hover: #912018;
  --danger-soft: #fef3f2;
  --warning: #93370d;
  --warning-soft: #fffaeb;
  --warning-border: #fedf89;
  --success: #067647;
  --success-soft: #ecfdf3;
  --success-border: #abefc6;
  --info: #1849a9;
  --info-soft: #eff8ff;
  --info-border: #b2ddff;
  --radius: 10px;
  --radius-sm: 6px;
  --shadow: 0 1px 2px rgba(15, 23, 42, .06), 0 1px 3px rgba(15, 23, 42, .08);
  --shadow-lg: 0 10px 30px rgba(15, 23, 42, .10);
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; min-height: 100vh; display: flex; flex-direction: column;
  font-family: var(--font); font-size: 15px; line-height: 1.5; color: var(--text); background: var(--bg);
}
[hidden] { display: none !important; }
h1, h2, h3, h4 { line-height: 1.25; margin: 0 0 .5rem; color: var(--text); }
h1 { font-size: 1.75rem; letter-spacing: -.01em; }
h2 { font-size: 1.25rem; }
h3 { font-size: 1.05rem; }
p { margin: 0 0 .75rem; }
a { color: var(--primary); text-underline-offset: 2px; }
a:hover { color: var(--primary-hover); }
code, .mono { font-family: var(--mono); font-size: .9em; }
.muted { color: var(--text-muted); }
.small { font-size: .875rem; }
.container { width: 100%; max-width: 1120px; margin: 0 auto; padding: 0 1.25rem; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip-link {
  position: absolute; left: .75rem; top: -3rem; z-index: 100; padding: .5rem .9rem; border-radius: var(--radius-sm);
  background: var(--text); color: #fff; text-decoration: none; font-weight: 600;
}
.skip-link:focus { top: .75rem; color: #fff; }

/* Header / footer */
.site-header { background: var(--surface); border-bottom: 1px solid var(--border); }
.site-header__inner { display: flex; align-items: center; justify-content: space-between; gap: 1rem; min-height: 64px; }
.brand { display: inline-flex; align-items: center; gap: .6rem; text-decoration: none; color: var(--text); font-weight: 700; }
.brand:hover { color: var(--text); }
.brand__name { font-size: 1.1rem; letter-spacing: -.01em; }
.brand-mark { flex: none; }
.site-nav { display: flex; gap: .5rem; align-items: center; }
@media (max-width: 420px) { .site-header__inner { flex-wrap: wrap; padding-block: .5rem; } .site-nav { flex-wrap: wrap; } .btn { white-space: normal; text-align: center; max-width: 100%; } }
#dash-chart { max-width: 100%; height: auto; }
fieldset { min-width: 0; }
.card { min-width: 0; }
.site-footer { margin-top: auto; border-top: 1px solid var(--border); background: var(--surface); font-size: .875rem; }
.site-footer__inner { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; padding-top: 1rem; padding-bottom: 1rem; }
main { flex: 1 0 auto; }

/* Buttons */
.btn {
  display: inline-flex; align-items: center; justify-content: center; gap: .4rem;
  min-height: 40px; padding: .5rem 1rem; border-radius: var(--radius-sm); border: 1px solid transparent;
  font: inherit; font-weight: 600; line-height: 1.2; text-decoration: none; cursor: pointer; white-space: nowrap;
  transition: background-color .15s ease, border-color .15s ease, color .15s ease;
}
.btn:disabled, .btn[aria-disabled="true"] { opacity: .6; cursor: not-allowed; }
.btn-primary { background: var(--primary); color: #fff; }
.btn-primary:hover:not(:disabled) { background: var(--primary-hover); color: #fff; }
.btn-secondary { background: var(--surface); color: var(--text); border-color: var(--border-strong); }
.btn-secondary:hover:not(:disabled) { background: var(--surface-muted); color: var(--text); border-color: var(--text-muted); }
.btn-ghost { background: transparent; color: var(--primary-ink); }
.btn-ghost:hover { background: var(--primary-soft); color: var(--primary-ink); }
.btn-danger { background: var(--surface); color: var(--danger); border-color: #f3b7b1; }
.btn-danger:hover:not(:disabled) { background: var(--danger-soft); color: var(--danger-hover); border-color: var(--danger); }
.btn-sm { min-height: 32px; padding: .3rem .65rem; font-size: .85rem; }
.btn-lg { min-height: 48px; padding: .7rem 1.4rem; font-size: 1rem; }
.btn-block { width: 100%; }
.btn-row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }

/* Cards */
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); box-shadow: var(--shadow); }
.card__body { padding: 1.5rem; }
.card__header { padding: 1rem 1.5rem; border-bottom: 1px solid var(--border); display: flex; align-items: center; justify-content: space-between; gap: 1rem; flex-wrap: wrap; }
.card__header h2, .card__header h3 { margin: 0; }
.card + .card { margin-top: 1.25rem; }
.features > .card + .card, .stats > .card + .card, .two-col > .card + .card, .grid-2 > .card + .card { margin-top: 0; }
.stack > * + * { margin-top: 1.25rem; }

/* Forms */
.form-grid { display: grid; gap: 1rem; }
.form-grid--2 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
.form-grid .span-2 { grid-column: 1 / -1; }
.field { display: flex; flex-direction: column; gap: .35rem; min-width: 0; }
.field label, .label { font-weight: 600; font-size: .9rem; }
.field .optional { font-weight: 400; color: var(--text-muted); }
.hint { font-size: .825rem; color: var(--text-muted); margin: 0; }
.field-error { font-size: .85rem; color: var(--danger); margin: 0; font-weight: 500; }
.field-error:empty { display: none; }
input[type="text"], input[type="email"], input[type="password"], input[type="date"], input[type="number"], input[type="search"], select {
  width: 100%; min-height: 42px; padding: .55rem .75rem; font: inherit; color: var(--text);
  background: var(--surface); border: 1px solid var(--border-strong); border-radius: var(--radius-sm);
}
input:hover, select:hover { border-color: var(--text-muted); }
input:focus-visible, select:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; border-color: var(--focus); }
input[aria-invalid="true"], select[aria-invalid="true"] { border-color: var(--danger); background: var(--danger-soft); }
.input-group { display: flex; align-items: stretch; }
.input-group__prefix {
  display: inline-flex; align-items: center; padding: 0 .7rem; border: 1px solid var(--border-strong); border-right: 0;
  border-radius: var(--radius-sm) 0 0 var(--radius-sm); background: var(--surface-muted); color: var(--text-muted); font-size: .875rem; white-space: nowrap;
}
.input-group__prefix + input { border-radius: 0 var(--radius-sm) var(--radius-sm) 0; }
.input-group input + .btn { margin-left: .5rem; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
legend { font-weight: 600; padding: 0; margin-bottom: .5rem; }
.checkbox { display: flex; gap: .6rem; align-items: flex-start; padding: .45rem .5rem; border-radius: var(--radius-sm); cursor: pointer; }
.checkbox:hover { background: var(--surface-muted); }
.checkbox input { width: 18px; height: 18px; margin: .15rem 0 0; flex: none; accent-color: var(--primary); }
.checkbox__text { display: flex; flex-direction: column; gap: .1rem; }
.checkbox__text code { color: var(--text-muted); font-size: .8rem; }
.scope-groups { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
.scope-group { border: 1px solid var(--border); border-radius: var(--radius-sm); padding: .75rem; background: var(--surface-muted); }
.scope-group legend { float: left; width: 100%; margin-bottom: .25rem; font-size: .8rem; text-transform: uppercase; letter-spacing: .06em; color: var(--text-muted); }
.scope-group legend + * { clear: both; }
.form-section > legend { font-size: 1rem; color: var(--primary-ink); margin-bottom: .25rem; }
.form-section + .form-section { margin-top: 1.75rem; }
.mt-1 { margin-top: 1rem; }
.form-actions { display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; margin-top: 1.25rem; }

/* Alerts / notices */
.alert { display: flex; gap: .6rem; align-items: flex-start; padding: .8rem 1rem; border-radius: var(--radius-sm); border: 1px solid; font-size: .925rem; }
.alert svg { flex: none; margin-top: .05rem; }
.alert p:last-child { margin-bottom: 0; }
.alert-error { background: var(--danger-soft); border-color: #fecdca; color: var(--danger-hover); }
.alert-success { background: var(--success-soft); border-color: var(--success-border); color: var(--success); }
.alert-warning { background: var(--warning-soft); border-color: var(--warning-border); color: var(--warning); }
.alert-info { background: var(--info-soft); border-color: var(--info-border); color: var(--info); }
.status-region:empty { display: none; }
.status-region { margin-top: 1rem; }
.card__status { margin: 0; padding: 1rem 1.5rem 0; }
.card__status:empty { display: none; }

/* Badges */
.badge {
  display: inline-flex; align-items: center; gap: .3rem; padding: .12rem .55rem; border-radius: 999px;
  font-size: .78rem; font-weight: 600; line-height: 1.5; white-space: nowrap; border: 1px solid transparent;
}
.badge::before { content: ""; width: 6px; height: 6px; border-radius: 50%; background: currentColor; }
.badge-neutral { background: #f1f5f9; color: #334155; border-color: #e2e8f0; }
.badge-success { background: var(--success-soft); color: var(--success); border-color: var(--success-border); }
.badge-warning { background: var(--warning-soft); color: var(--warning); border-color: var(--warning-border); }
.badge-danger { background: var(--danger-soft); color: var(--danger); border-color: #fecdca; }
.badge-info { background: var(--info-soft); color: var(--info); border-color: var(--info-border); }
.badge-brand { background: var(--primary-soft); color: var(--primary-ink); border-color: #99e0d8; }
.chip { display: inline-block; padding: .05rem .4rem; margin: .1rem .25rem .1rem 0; border-radius: 4px; background: #f1f5f9; border: 1px solid #e2e8f0; font-family: var(--mono); font-size: .75rem; color: #334155; }

/* Tables */
.table-wrap { width: 100%; overflow-x: auto; }
table.table { width: 100%; border-collapse: collapse; font-size: .9rem; }
.table caption { text-align: left; padding: 0 0 .5rem; font-weight: 600; }
.table th, .table td { padding: .7rem .85rem; text-align: left; vertical-align: middle; border-bottom: 1px solid var(--border); }
.table thead th { background: var(--surface-muted); font-size: .75rem; text-transform: uppercase; letter-spacing: .05em; color: var(--text-muted); font-weight: 600; white-space: nowrap; }
.table tbody tr:hover { background: #fafcfd; }
.table tbody tr:last-child td { border-bottom: 0; }
.table td.actions { white-space: nowrap; text-align: right; }
.table td.actions .btn + .btn { margin-left: .4rem; }
.table .empty { text-align: center; color: var(--text-muted); padding: 2rem 1rem; }
.table select { min-height: 34px; padding: .25rem .5rem; width: auto; font-size: .875rem; }
.cell-main { font-weight: 600; }
.cell-main + .cell-sub { margin-top: .1rem; }
.cell-sub { display: block; font-size: .8rem; color: var(--text-muted); }
.token { display: inline-flex; min-width: 2.2rem; justify-content: center; padding: .1rem .45rem; border-radius: var(--radius-sm); background: var(--primary-soft); color: var(--primary-ink); font-weight: 700; font-variant-numeric: tabular-nums; }
.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.table td code, .token, .nowrap { white-space: nowrap; }
.table .btn-row { flex-wrap: nowrap; }
.table-search { display: flex; flex-wrap: wrap; gap: .35rem .75rem; align-items: center; margin: 0 0 .6rem; }
.table-search input { max-width: 18rem; }
.empty-state { display: grid; gap: .5rem; justify-items: center; text-align: center; }
.empty-state p { margin: 0; }
.empty-state__actions { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: center; }
.empty-state__demo { max-width: 42rem; color: var(--text-muted); }
.th-sort { background: none; border: 0; padding: .15rem 0; font: inherit; color: inherit; text-transform: inherit; letter-spacing: inherit; cursor: pointer; text-align: left; }
.th-sort::after { content: " \2195"; opacity: .45; }
th[aria-sort="ascending"] .th-sort::after { content: " \25B2"; opacity: 1; }
th[aria-sort="descending"] .th-sort::after { content: " \25BC"; opacity: 1; }

/* Definition lists */
.dl { display: grid; grid-template-columns: minmax(120px, max-content) 1fr; gap: .6rem 1.25rem; margin: 0; }
.dl dt { color: var(--text-muted); font-size: .875rem; }
.dl dd { margin: 0; font-weight: 600; word-break: break-word; }

/* Secret / credential display */
.secret-box { display: flex; align-items: center; gap: .5rem; flex-wrap: wrap; }
.secret-value {
  flex: 1 1 260px; min-width: 0; padding: .55rem .75rem; border-radius: var(--radius-sm); border: 1px dashed var(--border-strong);
  background: var(--surface-muted); font-family: var(--mono); font-size: .9rem; word-break: break-all; user-select: all;
}
.cred-list { display: grid; gap: .9rem; }
.cred-row { display: grid; gap: .3rem; }
.cred-row .label { color: var(--text-muted); font-size: .85rem; }

/* Public pages */
.page { padding: 2.5rem 0 3.5rem; }
.hero { padding: 4rem 0 3rem; background: radial-gradient(1200px 400px at 10% -10%, #d7f3ef 0%, rgba(215,243,239,0) 60%), linear-gradient(180deg, #ffffff 0%, var(--bg) 100%); }
.hero__grid { display: grid; grid-template-columns: 1.15fr .85fr; gap: 3rem; align-items: center; }
.hero h1 { font-size: 2.6rem; line-height: 1.12; letter-spacing: -.02em; margin-bottom: 1rem; }
.hero .lead { font-size: 1.15rem; color: var(--text-muted); max-width: 38rem; margin-bottom: 1.75rem; }
.eyebrow { display: inline-block; font-size: .8rem; font-weight: 700; text-transform: uppercase; letter-spacing: .08em; color: var(--primary); margin-bottom: .75rem; }
.hero-panel { padding: 1.25rem; }
.hero-panel .mini-row { display: flex; align-items: center; justify-content: space-between; gap: .75rem; padding: .65rem 0; border-bottom: 1px solid var(--border); font-size: .9rem; }
.hero-panel .mini-row:last-child { border-bottom: 0; }
.features { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 1.25rem; }
.feature { padding: 1.25rem; }
.feature__icon { display: inline-flex; width: 44px; height: 44px; align-items: center; justify-content: center; border-radius: 10px; background: var(--primary-soft); color: var(--primary); margin-bottom: .75rem; }
.feature p { color: var(--text-muted); font-size: .925rem; margin: 0; }
.section-title { margin: 0 0 1.25rem; }
.two-col { display: grid; grid-template-columns: minmax(0, 1.4fr) minmax(0, .9fr); gap: 1.5rem; align-items: start; }
.page-head { margin-bottom: 1.5rem; }
.page-head p { color: var(--text-muted); margin: 0; max-width: 42rem; }
.checklist { list-style: none; padding: 0; margin: 0; display: grid; gap: .7rem; }
.checklist li { display: flex; gap: .55rem; align-items: flex-start; }
.checklist svg { color: var(--success); flex: none; margin-top: .1rem; }
.auth-wrap { display: grid; place-items: center; padding: 3.5rem 1.25rem; }
.auth-card { width: 100%; max-width: 420px; }
.auth-card .card__body { padding: 2rem; }
.auth-card h1 { font-size: 1.5rem; }
.auth-foot { text-align: center; margin-top: 1.25rem; font-size: .925rem; }
.success-head { display: flex; gap: 1rem; align-items: center; margin-bottom: 1.25rem; }
.success-icon { display: inline-flex; width: 48px; height: 48px; border-radius: 50%; align-items: center; justify-content: center; background: var(--success-soft); color: var(--success); flex: none; }
.success-icon svg { width: 28px; height: 28px; }
.notfound { text-align: center; padding: 5rem 1.25rem; }
.notfound .code { font-size: 4.5rem; font-weight: 800; color: var(--primary); letter-spacing: -.04em; line-height: 1; margin-bottom: 1rem; }
.notfound .btn-row { justify-content: center; margin-top: 1.5rem; }

/* Admin app */
.app-header { background: var(--surface); border-bottom: 1px solid var(--border); position: sticky; top: 0; z-index: 20; }
.app-header__inner { display: flex; align-items: center; gap: 1rem; min-height: 60px; padding: 0 1.25rem; }
.app-header .brand__name { font-size: 1rem; }
.tenant-meta { display: flex; align-items: center; gap: .6rem; padding-left: 1rem; margin-left: .25rem; border-left: 1px solid var(--border); min-width: 0; flex: 0 1 auto; }
.tenant-meta .badge { flex: none; }
.tenant-meta__name { font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 22rem; min-width: 0; }
.user-meta { margin-left: auto; display: flex; align-items: center; gap: .75rem; flex: none; }
.user-meta__text { display: flex; flex-direction: column; align-items: flex-end; line-height: 1.2; }
.user-meta__name { font-weight: 600; font-size: .9rem; }
.user-meta__role { font-size: .75rem; color: var(--text-muted); text-transform: uppercase; letter-spacing: .05em; }
.avatar { width: 34px; height: 34px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; background: var(--primary-soft); color: var(--primary-ink); font-weight: 700; font-size: .85rem; flex: none; }
.app { flex: 1 0 auto; display: grid; grid-template-columns: 268px minmax(0, 1fr); }
.sidebar { background: var(--surface); border-right: 1px solid var(--border); padding: 1.25rem .75rem; }
.sidebar nav { position: sticky; top: 80px; }
.nav-group + .nav-group { margin-top: 1.1rem; }
.nav-group__title { font-size: .72rem; font-weight: 700; text-transform: uppercase; letter-spacing: .08em; color: var(--text-muted); padding: 0 .75rem; margin: 0 0 .35rem; }
.nav-list { list-style: none; margin: 0; padding: 0; }
.nav-link { display: flex; align-items: center; gap: .6rem; padding: .55rem .75rem; border-radius: var(--radius-sm); color: var(--text); text-decoration: none; font-weight: 500; font-size: .925rem; }
.nav-link svg { color: var(--text-muted); flex: none; }
.nav-link:hover { background: var(--surface-muted); color: var(--text); }
.nav-link[aria-current="page"] { background: var(--primary-soft); color: var(--primary-ink); font-weight: 700; }
.nav-link[aria-current="page"] svg { color: var(--primary); }
.content { padding: 1.75rem 2rem 3rem; min-width: 0; }
.content-head { display: flex; align-items: flex-end; justify-content: space-between; gap: 1rem; flex-wrap: wrap; margin-bottom: 1.25rem; }
.content-head h1 { margin: 0; font-size: 1.5rem; }
.content-head h1:focus { outline: none; }
.content-head h1:focus-visible { outline: 3px solid var(--focus); outline-offset: 4px; }
.content-head p { margin: .25rem 0 0; color: var(--text-muted); }
.stats { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 1rem; margin-bottom: 1.25rem; }
.stat { padding: 1.1rem 1.25rem; }
.stat__label { color: var(--text-muted); font-size: .85rem; font-weight: 600; }
.stat__value { font-size: 1.9rem; font-weight: 750; letter-spacing: -.02em; font-variant-numeric: tabular-nums; }
.stat__foot { font-size: .8rem; color: var(--text-muted); }
.grid-2 { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1.25rem; align-items: start; }
.quick-links { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
.quick-links a { display: flex; align-items: center; justify-content: space-between; gap: .5rem; padding: .7rem .9rem; border: 1px solid var(--border); border-radius: var(--radius-sm); text-decoration: none; color: var(--text); font-weight: 600; }
.quick-links a:hover { border-color: var(--primary); background: var(--primary-soft); color: var(--primary-ink); }
.monitor-items { list-style: none; margin: 0; padding: 0; }
.monitor-item { padding: .6rem 0; border-top: 1px solid var(--border); }
.monitor-item p { margin: .25rem 0 0; }
.quick-links a::after { content: "\2192"; color: var(--primary); }
.toolbar { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-end; }
.toolbar .field { min-width: 200px; }
.toolbar .field--grow { flex: 1 1 260px; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
.kv dt { font-weight: 600; color: var(--text-muted); }
.kv dd { margin: 0; overflow-wrap: anywhere; }
.snippets { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; }
.snippet { min-width: 0; }
.snippet__head { display: flex; align-items: center; justify-content: space-between; gap: .5rem; }
.snippet h3 { margin: 0; font-size: 1rem; }
.code-block { max-width: 100%; margin: .25rem 0 0; padding: .75rem; border-radius: var(--radius-sm); background: #0f172a; color: #e2e8f0; overflow-x: auto; font-family: var(--mono); font-size: .8rem; white-space: pre; }
.scope-tools { display: block; font-size: .75rem; color: var(--text-muted); }
.loading { display: flex; align-items: center; gap: .6rem; color: var(--text-muted); padding: 2rem; justify-content: center; }
.spinner { width: 18px; height: 18px; border-radius: 50%; border: 2px solid var(--border-strong); border-top-color: var(--primary); animation: spin .8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
.summary-pills { display: flex; flex-wrap: wrap; gap: .5rem; }
.updated { font-size: .8rem; color: var(--text-muted); }

@media (max-width: 960px) {
  .hero__grid, .two-col { grid-template-columns: 1fr; }
  .features { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .app { grid-template-columns: 1fr; }
  .sidebar { border-right: 0; border-bottom: 1px solid var(--border); padding: .5rem .75rem; overflow-x: auto; }
  .sidebar nav { position: static; display: flex; gap: .25rem; }
  .nav-group, .nav-group + .nav-group { margin: 0; }
  .nav-group__title { display: none; }
  .nav-link { white-space: nowrap; }
  .content { padding: 1.25rem; }
  .stats { grid-template-columns: 1fr 1fr; }
  .grid-2 { grid-template-columns: 1fr; }
  .tenant-meta__name { max-width: 12rem; }
}
@media (max-width: 640px) {
  .hero { padding: 2.5rem 0 2rem; }
  .hero h1 { font-size: 2rem; }
  .features, .stats, .form-grid--2 { grid-template-columns: 1fr; }
  .card__body { padding: 1.1rem; }
  .auth-card .card__body { padding: 1.35rem; }
  .app-header .brand__name, .user-meta__text { display: none; }
  .tenant-meta { border-left: 0; padding-left: 0; }
  .dl { grid-template-columns: 1fr; gap: .15rem; }
  .dl dd { margin-bottom: .5rem; }
  .trial-chip { display: none !important; }
  .avatar { display: none; }
  .table--stack thead { display: none; }
  .table--stack, .table--stack tbody, .table--stack tr, .table--stack td { display: block; width: 100%; }
  .table--stack tr { padding: .6rem 1rem; border-bottom: 1px solid var(--border); }
  .table--stack tbody tr:last-child { border-bottom: 0; }
  .table--stack td { border: 0; padding: .25rem 0; text-align: left; }
  .table--stack td[data-label]::before { content: attr(data-label); display: block; font-size: .7rem; font-weight: 600; text-transform: uppercase; letter-spacing: .05em; color: var(--text-muted); }
  .table--stack td.actions { text-align: left; padding-top: .5rem; }
  .table--stack td.empty { text-align: center; padding: 1.5rem 0; }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { animation-duration: .01ms !important; animation-iteration-count: 1 !important; transition-duration: .01ms !important; }
}
`;
