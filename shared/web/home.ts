/** `/` — short product landing with links to Get started and Sign in. */
import { ICONS, PRODUCT_NAME, publicHeader, siteFooter } from './layout';

const FEATURES: ReadonlyArray<{ icon: string; title: string; text: string }> = [
  {
    icon: ICONS.stethoscope,
    title: 'Outpatients & queue',
    text: "Today's appointments per doctor, token-based queues and wait estimates in your hospital's timezone.",
  },
  {
    icon: ICONS.users,
    title: 'Staff & roles',
    text: 'Invite doctors, nurses, reception and pharmacy with role-based access from day one.',
  },
  {
    icon: ICONS.key,
    title: 'Automation ready',
    text: 'Scoped API keys for integrations and AI agents, with rotation and instant revocation.',
  },
  {
    icon: ICONS.shield,
    title: 'Isolated by design',
    text: 'Every hospital is its own tenant: data, users and keys never cross workspaces.',
  },
];

export function render(): string {
  const features = FEATURES.map(
    (f) => `<article class="card feature">
        <span class="feature__icon">${f.icon}</span>
        <h3>${f.title}</h3>
        <p>${f.text}</p>
      </article>`,
  ).join('\n      ');

  const body = `${publicHeader('home')}
<main id="main">
  <section class="hero" aria-labelledby="hero-title">
    <div class="container hero__grid">
      <div>
        <span class="eyebrow">Hospital management, simplified</span>
        <h1 id="hero-title">Run your hospital's day on one calm, connected system.</h1>
        <p class="lead">${PRODUCT_NAME} brings outpatient scheduling, live queues, staff access and secure integrations together — set up your hospital workspace in minutes.</p>
        <div class="btn-row">
          <a class="btn btn-primary btn-lg" id="cta-get-started" href="/get-started">Get started — free trial</a>
          <a class="btn btn-secondary btn-lg" id="cta-login" href="/login">Sign in</a>
        </div>
      </div>
      <div class="card hero-panel" aria-hidden="true">
        <div class="mini-row"><strong>Today · OPD</strong><span class="badge badge-brand">Live</span></div>
        <div class="mini-row"><span><span class="token">A-01</span>&nbsp; Consultation</span><span class="badge badge-info">In consultation</span></div>
        <div class="mini-row"><span><span class="token">A-02</span>&nbsp; Follow-up</span><span class="badge badge-danger">Urgent</span></div>
        <div class="mini-row"><span><span class="token">A-03</span>&nbsp; New patient</span><span class="badge badge-neutral">Waiting · 12 min</span></div>
        <div class="mini-row"><span><span class="token">A-04</span>&nbsp; Review</span><span class="badge badge-success">Done</span></div>
      </div>
    </div>
  </section>
  <section class="page" aria-labelledby="features-title">
    <div class="container">
      <h2 id="features-title" class="section-title">Everything the front desk and clinics need</h2>
      <div class="features">
      ${features}
      </div>
    </div>
  </section>
</main>
${siteFooter()}`;
  return body;
}
