/**
 * The theatre waiting list (issue 17): cases requested and not yet scheduled, by NCEPOD priority
 * then the longest wait, with counts per specialty (the surgeon's doctor profile) and surgeon;
 * filters by surgeon, specialty and priority; a booked case leaves it. Expected orders and counts
 * are written out by hand.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shiftClock } from '../../shared/kernel/clock';
import { addDays } from '../../shared/kernel/time/zoned-time';
import { expectError } from '../support/api';
import { opdRuntime } from '../support/opd';
import { must, type TheatreHospital, theatreHospital } from '../support/theatre';

const TZ = 'Asia/Kolkata';
const opd = opdRuntime(TZ);
let h: TheatreHospital;

beforeAll(async () => {
  h = await theatreHospital(opd.url, TZ);
}, 60_000);

describe('the theatre waiting list', () => {
  it('by priority then days waiting, grouped per specialty and surgeon, filtered, and left when booked', async () => {
    // Everything that needs a signed-in person first: the clock moves three days on, past the
    // tokens' lifetime, and the rest goes through an API key (keys do not expire).
    const key = (await h.key(['theatre:read', 'theatre:write'])).api;
    const [encD, encB, encC] = [await h.encounter(), await h.encounter(), await h.encounter()];
    const ot = await h.theatre();
    const day = addDays(opd.today, 3);
    const s = await h.session(ot.code, day, '18:00', '20:00');
    const a = await h.requestCase({ procedure: { text: 'Hernia repair A' } });
    shiftClock(3 * 86_400_000 + 60_000);
    const request = (encounterId: string, overrides: Record<string, unknown>) =>
      must(
        key.post('/theatre/cases', {
          source: { kind: 'encounter', id: encounterId },
          procedure: { text: 'Hernia repair' },
          site: 'Groin',
          laterality: 'right',
          surgeonId: h.surgeon.user.id,
          anaesthetistId: h.anaesthetist.user.id,
          scrubNurseId: h.scrubNurse.user.id,
          anaesthesiaType: 'general',
          expectedMinutes: 60,
          priority: 'elective',
          preOp: { consentSigned: true, siteMarked: true },
          ...overrides,
        }),
        201,
        'case',
      );
    // A case of another surgeon (the hospital's anaesthetist, who has no doctor profile).
    const d = await request(encD.encounterId, {
      procedure: { text: 'Carpal tunnel release D' },
      surgeonId: h.anaesthetist.user.id,
      anaesthetistId: h.surgeon.user.id,
      anaesthesiaType: 'regional-block',
      expectedMinutes: 30,
      preOp: { consentSigned: false, siteMarked: false },
    });
    const b = await request(encB.encounterId, { procedure: { text: 'Hernia repair B' } });
    const c = await request(encC.encounterId, {
      procedure: { text: 'Appendicectomy C' },
      priority: 'urgent',
    });

    const list = await must(key.get('/theatre/waiting-list'), 200, 'list');
    expect(
      list.items.map((i: any) => [i.procedure, i.priority, i.daysWaiting, i.specialty]),
    ).toEqual([
      ['Appendicectomy C', 'urgent', 0, 'Internal Medicine'],
      ['Hernia repair A', 'elective', 3, 'Internal Medicine'],
      ['Carpal tunnel release D', 'elective', 0, null],
      ['Hernia repair B', 'elective', 0, 'Internal Medicine'],
    ]);
    expect(list.items[2]).toMatchObject({
      id: d.id,
      surgeon: { id: h.anaesthetist.user.id },
      consentSigned: false,
      bumped: false,
      expectedMinutes: 30,
    });
    expect(list.groups).toEqual([
      {
        specialty: 'Internal Medicine',
        surgeon: { id: h.surgeon.user.id, name: h.surgeon.user.name },
        cases: 3,
        byPriority: { immediate: 0, urgent: 1, expedited: 0, elective: 2 },
        longestWaitDays: 3,
      },
      {
        specialty: null,
        surgeon: { id: h.anaesthetist.user.id, name: h.anaesthetist.user.name },
        cases: 1,
        byPriority: { immediate: 0, urgent: 0, expedited: 0, elective: 1 },
        longestWaitDays: 0,
      },
    ]);

    const ids = async (query: string) =>
      (await must(key.get(`/theatre/waiting-list?${query}`), 200, query)).items.map(
        (i: any) => i.id,
      );
    expect(await ids(`surgeonId=${h.anaesthetist.user.id}`)).toEqual([d.id]);
    expect(await ids('specialty=internal%20%20MEDICINE')).toEqual([c.id, a.id, b.id]);
    expect(await ids('priority=urgent')).toEqual([c.id]);
    expectError(await key.get('/theatre/waiting-list?priority=soon'), 400, /priority/);

    // Booked, the urgent case leaves the list.
    await must(
      key.post(`/theatre/cases/${c.id}/schedule`, {
        sessionId: s.id,
        start: h.at(day, '18:00'),
      }),
      200,
      'book C',
    );
    expect(await ids('')).toEqual([a.id, d.id, b.id]);
  });
});
