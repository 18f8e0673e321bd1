/**
 * Pharmacy sections of the dashboard: stock (formulary with stock on hand, and an item's
 * batches), the expiry scan, and the dispensing screen for an encounter's prescriptions.
 * Money arrives in minor units and is shown with two decimals (the hospital's currency is the
 * billing module's business).
 */
import { $, clear, h, setStatus } from '../common/dom';
import { emptyRow } from '../common/empty';
import { fieldError, setBusy } from '../common/forms';
import { asApiError, showError } from './api';
import type { AdminApp, Section } from './state';
import type { Page } from './types';
import { badge, humanize, labelCells, messageRow } from './ui';

interface Item {
  id: string;
  code?: string;
  drugCode?: string;
  genericName?: string;
  brandName?: string;
  strength?: string;
  form?: string;
  unit?: string;
  onHand?: number;
  reorderLevel?: number;
}

interface Batch {
  id: string;
  batchNumber?: string;
  expiryDate?: string;
  quantity?: number;
  unitCost?: number;
  supplier?: string;
  status?: string;
}

interface Stock {
  item?: Item;
  available?: number;
  expiredAwaitingWriteOff?: number;
  valueAtCost?: number;
  batches?: Batch[];
}

interface ExpiryRow {
  batchId: string;
  itemName?: string;
  itemCode?: string;
  batchNumber?: string;
  expiryDate?: string;
  state?: string;
  daysToExpiry?: number;
  quantity?: number;
  valueAtCost?: number;
  suggestedAction?: string;
}

interface ExpiryScan {
  items?: ExpiryRow[];
  nextCursor?: string | null;
  pageQuantity?: number;
  pageValueAtCost?: number;
  cutoff?: string;
}

interface Prescription {
  id: string;
  drugName?: string;
  drugCode?: string;
  strength?: string;
  dose?: string;
  frequency?: string;
  quantity?: number;
  dispensedQuantity?: number;
  status?: string;
}

interface Encounter {
  id: string;
  patientName?: string;
  mrn?: string;
  prescriptions?: Prescription[];
}

interface DispenseAnswer {
  quantity?: number;
  remainingOwed?: number;
  prescriptionStatus?: string;
  lines?: { batchNumber?: string; expiryDate?: string; quantity?: number }[];
}

/** 12345 minor units → "123.45". */
export function money(minor: number | undefined): string {
  if (typeof minor !== 'number') return '—';
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const itemLabel = (i: Item) =>
  [i.genericName, i.strength, i.form].filter(Boolean).join(' ') +
  (i.brandName ? ` (${i.brandName})` : '');

export function pharmacyStockSection({ api }: AdminApp): Section {
  const body = $<HTMLTableSectionElement>('pharmacy-items-body');
  const status = $('pharmacy-stock-status');
  let seq = 0;

  async function load() {
    const mySeq = ++seq;
    messageRow(body, 7, 'Loading formulary…', true);
    try {
      const page = await api<Page<Item>>('GET', '/pharmacy/items?limit=100');
      if (mySeq !== seq) return;
      render(page?.items ?? [], Boolean(page?.nextCursor));
    } catch (err) {
      if (mySeq !== seq) return;
      messageRow(body, 7, 'Formulary unavailable');
      showError(status, err);
    }
  }

  function render(items: Item[], more: boolean) {
    $('pharmacy-items-count').textContent = `${items.length}${more ? '+' : ''} items`;
    if (!items.length) {
      emptyRow(
        body,
        7,
        'No medicines in the formulary yet: a pharmacist adds them (with their stock) through the API or an agent.',
        [
          {
            label: 'How to add medicines (API reference)',
            href: '/api-docs',
            roles: ['PHARMACIST'],
          },
        ],
      );
      return;
    }
    clear(body);
    for (const item of items) {
      const low = (item.onHand ?? 0) <= (item.reorderLevel ?? 0);
      const show = h('button', {
        type: 'button',
        className: 'btn btn-secondary btn-sm',
        text: 'Batches',
        'aria-label': `Batches of ${itemLabel(item)}`,
      });
      show.addEventListener('click', () => showBatches(item.id));
      body.appendChild(
        h('tr', { dataset: { itemId: item.id } }, [
          h('td', null, [h('code', { text: item.code ?? '' })]),
          h('td', { className: 'cell-main', text: itemLabel(item) }),
          h('td', null, [h('code', { text: item.drugCode ?? '' })]),
          h('td', { className: 'num', text: item.onHand ?? 0 }),
          h('td', { className: 'num', text: item.reorderLevel ?? 0 }),
          h('td', null, [low ? badge('Reorder', 'warning') : badge('In stock', 'success')]),
          h('td', { className: 'actions' }, [show]),
        ]),
      );
    }
    labelCells(body);
  }

  async function showBatches(itemId: string) {
    const card = $('pharmacy-batches-card');
    const batchBody = $<HTMLTableSectionElement>('pharmacy-batches-body');
    card.hidden = false;
    messageRow(batchBody, 6, 'Loading batches…', true);
    try {
      const stock = await api<Stock>('GET', `/pharmacy/items/${encodeURIComponent(itemId)}/stock`);
      $('pharmacy-batches-title').textContent =
        `Batches of ${stock?.item ? itemLabel(stock.item) : ''}`;
      const summary = $('pharmacy-batches-summary');
      clear(summary);
      summary.appendChild(badge(`${stock?.available ?? 0} available`, 'success'));
      if (stock?.expiredAwaitingWriteOff)
        summary.appendChild(badge(`${stock.expiredAwaitingWriteOff} expired`, 'danger'));
      summary.appendChild(badge(`Value at cost ${money(stock?.valueAtCost)}`, 'neutral'));
      const batches = stock?.batches ?? [];
      if (!batches.length) {
        emptyRow(
          batchBody,
          6,
          'No batches of this medicine received yet: a pharmacist receives stock with its batch and expiry date.',
        );
        return;
      }
      clear(batchBody);
      for (const b of batches) {
        batchBody.appendChild(
          h('tr', { dataset: { batchId: b.id } }, [
            h('td', { className: 'cell-main', text: b.batchNumber ?? '' }),
            h('td', { text: b.expiryDate ?? '' }),
            h('td', { className: 'num', text: b.quantity ?? 0 }),
            h('td', { className: 'num', text: money(b.unitCost) }),
            h('td', { text: b.supplier ?? '' }),
            h('td', null, [
              badge(humanize(b.status), b.status === 'active' ? 'neutral' : 'danger'),
            ]),
          ]),
        );
      }
      labelCells(batchBody);
    } catch (err) {
      messageRow(batchBody, 6, `Could not load batches: ${asApiError(err).message}`);
    }
  }

  $('pharmacy-stock-refresh').addEventListener('click', () => load());
  return { load };
}

export function pharmacyExpirySection({ api }: AdminApp): Section {
  const body = $<HTMLTableSectionElement>('pharmacy-expiry-body');
  const days = $<HTMLInputElement>('pharmacy-expiry-days');
  const status = $('pharmacy-expiry-status');
  // Opening the section scans (90 days); a scan asked for meanwhile may be answered first, and
  // the older answer must not then replace it.
  let latest = 0;

  async function scan() {
    const within = Number(days.value);
    if (!Number.isInteger(within) || within < 0 || within > 730) {
      setStatus(status, 'Enter a whole number of days between 0 and 730.', 'warning');
      return;
    }
    const mine = ++latest;
    setStatus(status, '');
    messageRow(body, 7, 'Scanning…', true);
    try {
      const result = await api<ExpiryScan>(
        'GET',
        `/pharmacy/expiry-scan?withinDays=${within}&limit=100`,
      );
      if (mine === latest) render(result);
    } catch (err) {
      if (mine !== latest) return;
      messageRow(body, 7, 'Scan failed');
      showError(status, err);
    }
  }

  function render(result: ExpiryScan | null) {
    const rows = result?.items ?? [];
    const summary = $('pharmacy-expiry-summary');
    clear(summary);
    summary.appendChild(badge(`${rows.length}${result?.nextCursor ? '+' : ''} batches`, 'neutral'));
    summary.appendChild(badge(`Value at cost ${money(result?.pageValueAtCost)}`, 'warning'));
    if (!rows.length) {
      messageRow(body, 7, `Nothing expired or expiring by ${result?.cutoff ?? 'then'}`);
      return;
    }
    clear(body);
    for (const r of rows) {
      const when =
        r.state === 'expired'
          ? `expired ${-(r.daysToExpiry ?? 0)} d ago`
          : `in ${r.daysToExpiry ?? 0} d`;
      body.appendChild(
        h('tr', { dataset: { batchId: r.batchId } }, [
          h('td', { className: 'cell-main', text: r.itemName ?? '' }),
          h('td', { text: r.batchNumber ?? '' }),
          h('td', null, [
            h('span', { text: r.expiryDate ?? '' }),
            h('span', { className: 'cell-sub', text: when }),
          ]),
          h('td', null, [badge(humanize(r.state), r.state === 'expired' ? 'danger' : 'warning')]),
          h('td', { className: 'num', text: r.quantity ?? 0 }),
          h('td', { className: 'num', text: money(r.valueAtCost) }),
          h('td', { text: r.suggestedAction ?? '' }),
        ]),
      );
    }
    labelCells(body);
  }

  $('pharmacy-expiry-run').addEventListener('click', () => scan());
  return { load: scan };
}

export function pharmacyDispenseSection({ api }: AdminApp): Section {
  const encounterInput = $<HTMLInputElement>('pharmacy-encounter-id');
  const status = $('pharmacy-dispense-status');
  const rxBody = $<HTMLTableSectionElement>('pharmacy-rx-body');
  const itemSelect = $<HTMLSelectElement>('pharmacy-dispense-item');
  const quantityInput = $<HTMLInputElement>('pharmacy-dispense-quantity');
  const formError = $('pharmacy-dispense-error');
  const submit = $<HTMLButtonElement>('pharmacy-dispense-submit');
  let encounter: Encounter | null = null;
  let chosen: Prescription | null = null;

  async function openEncounter() {
    const id = encounterInput.value.trim();
    if (!id) {
      setStatus(status, 'Enter the encounter ID from the prescription.', 'warning');
      return;
    }
    setStatus(status, '');
    try {
      encounter = await api<Encounter>('GET', `/encounters/${encodeURIComponent(id)}`);
      renderPrescriptions();
    } catch (err) {
      $('pharmacy-rx-card').hidden = true;
      $('pharmacy-dispense-card').hidden = true;
      showError(status, err);
    }
  }

  function renderPrescriptions() {
    $('pharmacy-rx-card').hidden = false;
    $('pharmacy-rx-patient').textContent = encounter
      ? `${encounter.patientName ?? ''} · MRN ${encounter.mrn ?? ''}`
      : '';
    const list = encounter?.prescriptions ?? [];
    if (!list.length) {
      messageRow(rxBody, 7, 'No prescriptions on this encounter');
      return;
    }
    clear(rxBody);
    for (const rx of list) {
      const dispensed = rx.dispensedQuantity ?? 0;
      const owed = (rx.quantity ?? 0) - dispensed;
      const choose = h('button', {
        type: 'button',
        className: 'btn btn-secondary btn-sm',
        text: 'Dispense',
        'aria-label': `Dispense ${rx.drugName ?? ''}`,
        disabled: rx.status !== 'active' || owed <= 0,
      });
      choose.addEventListener('click', () => choosePrescription(rx));
      rxBody.appendChild(
        h('tr', { dataset: { prescriptionId: rx.id } }, [
          h('td', { className: 'cell-main', text: `${rx.drugName ?? ''} ${rx.strength ?? ''}` }),
          h('td', { text: [rx.dose, rx.frequency].filter(Boolean).join(', ') }),
          h('td', { className: 'num', text: rx.quantity ?? 0 }),
          h('td', { className: 'num', text: dispensed }),
          h('td', { className: 'num', text: owed }),
          h('td', null, [badge(humanize(rx.status), rx.status === 'active' ? 'brand' : 'neutral')]),
          h('td', { className: 'actions' }, [choose]),
        ]),
      );
    }
    labelCells(rxBody);
  }

  /** keepResult: after a part dispense, the form refreshes for the rest and the result stays. */
  async function choosePrescription(rx: Prescription, keepResult = false) {
    chosen = rx;
    $('pharmacy-dispense-card').hidden = false;
    $('pharmacy-dispense-form').hidden = false;
    if (!keepResult) $('pharmacy-dispense-result').hidden = true;
    setStatus(formError, '');
    const owed = (rx.quantity ?? 0) - (rx.dispensedQuantity ?? 0);
    $('pharmacy-dispense-drug').textContent =
      `${rx.drugName ?? ''} ${rx.strength ?? ''} (${rx.drugCode ?? 'no ATC code'}): ${owed} owed`;
    quantityInput.value = String(owed);
    quantityInput.max = String(owed);
    clear(itemSelect);
    if (!rx.drugCode) {
      itemSelect.appendChild(h('option', { value: '', text: 'No formulary item can match' }));
      return;
    }
    try {
      const items = await api<Page<Item>>(
        'GET',
        `/pharmacy/items?drugCode=${encodeURIComponent(rx.drugCode)}&limit=100`,
      );
      const list = items?.items ?? [];
      if (!list.length)
        itemSelect.appendChild(h('option', { value: '', text: 'Not in the formulary' }));
      for (const item of list)
        itemSelect.appendChild(
          h('option', { value: item.id, text: `${itemLabel(item)} — ${item.onHand ?? 0} on hand` }),
        );
    } catch (err) {
      showError(formError, err);
    }
  }

  async function dispense(event: Event) {
    event.preventDefault();
    if (!encounter || !chosen) return;
    const quantity = Number(quantityInput.value);
    const owed = (chosen.quantity ?? 0) - (chosen.dispensedQuantity ?? 0);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > owed) {
      fieldError(quantityInput, `Enter a whole number from 1 to ${owed}.`);
      return;
    }
    fieldError(quantityInput, '');
    if (!itemSelect.value) {
      setStatus(formError, 'Choose the item to dispense.', 'warning');
      return;
    }
    setStatus(formError, '');
    setBusy(submit, true, 'Dispensing…');
    try {
      const result = await api<DispenseAnswer>('POST', '/pharmacy/dispenses', {
        encounterId: encounter.id,
        prescriptionId: chosen.id,
        itemId: itemSelect.value,
        quantity,
      });
      renderResult(result);
      const rxId = chosen.id;
      encounter = await api<Encounter>('GET', `/encounters/${encodeURIComponent(encounter.id)}`);
      renderPrescriptions();
      const updated = encounter?.prescriptions?.find((p) => p.id === rxId);
      // Something still owed: the form stays for the rest; otherwise only the result remains.
      if (updated && updated.status === 'active') await choosePrescription(updated, true);
      else $('pharmacy-dispense-form').hidden = true;
    } catch (err) {
      showError(formError, err);
    } finally {
      setBusy(submit, false);
    }
  }

  function renderResult(result: DispenseAnswer | null) {
    $('pharmacy-dispense-result').hidden = false;
    const lines = $<HTMLTableSectionElement>('pharmacy-dispense-lines-body');
    clear(lines);
    for (const l of result?.lines ?? [])
      lines.appendChild(
        h('tr', null, [
          h('td', { text: l.batchNumber ?? '' }),
          h('td', { text: l.expiryDate ?? '' }),
          h('td', { className: 'num', text: l.quantity ?? 0 }),
        ]),
      );
    $('pharmacy-dispense-owed').textContent = result?.remainingOwed
      ? `${result.remainingOwed} still owed; the prescription stays ${result.prescriptionStatus}.`
      : `Fully dispensed; the prescription is ${result?.prescriptionStatus ?? 'completed'}.`;
  }

  $('pharmacy-encounter-form').addEventListener('submit', (event) => {
    event.preventDefault();
    openEncounter();
  });
  $('pharmacy-dispense-form').addEventListener('submit', dispense);
  return { load: () => undefined };
}
