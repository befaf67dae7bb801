import { contrastRatio } from '@steward/libs/ui';
import { blockColor, blockLabel, unitBlocks, type Block, type DayKey } from './timelineGeometry';
import type { TimelineData, TimelineUnit } from './timelineData';
import { statusLabel } from '../desk/deskDay';
import type { LodgingT } from '../i18n';

export type ReservationBlock = Block & { kind: 'reservation'; label: string; title: string; status: string; background: string; color: string };
export type BlockOutBlock = Block & { kind: 'block-out'; label: string };
export type TimelineRow = { unit: TimelineUnit; blocks: ReservationBlock[]; blockOuts: BlockOutBlock[] };

/** Black or white text, whichever reads better on the block's card colour. */
export function textColorOn(background: string): string {
  return (contrastRatio('#000000', background) ?? 21) >= (contrastRatio('#ffffff', background) ?? 0) ? '#000000' : '#ffffff';
}

/** One row per unit with its blocks laid out for the window (what the grid draws), its words in `t`'s language. */
export function timelineRows(t: LodgingT, data: TimelineData, windowStart: DayKey, days: number): TimelineRow[] {
  const staysByUnit = new Map<string, TimelineData['reservations']>();
  for (const reservation of data.reservations) {
    if (!reservation.accommodation_id) continue;
    const list = staysByUnit.get(reservation.accommodation_id) ?? [];
    list.push(reservation);
    staysByUnit.set(reservation.accommodation_id, list);
  }
  const blockOutsByUnit = new Map<string, TimelineData['blockOuts']>();
  for (const blockOut of data.blockOuts) {
    const list = blockOutsByUnit.get(blockOut.accommodation_id) ?? [];
    list.push(blockOut);
    blockOutsByUnit.set(blockOut.accommodation_id, list);
  }
  return data.units.map((unit) => {
    const stays = staysByUnit.get(unit.id) ?? [];
    const byId = new Map(stays.map((stay) => [stay.id, stay]));
    const blocks = unitBlocks(stays, windowStart, days).flatMap((block): ReservationBlock[] => {
      const stay = byId.get(block.id);
      if (!stay) return [];
      const background = blockColor(stay.rate_type_card_color);
      const label = blockLabel(t, stay);
      const status = stay.status?.trim() || 'Confirmed';
      return [{ ...block, kind: 'reservation', label, title: `${stay.name}, ${label}, ${statusLabel(status)}`, status, background, color: textColorOn(background) }];
    });
    const outs = blockOutsByUnit.get(unit.id) ?? [];
    const blockOuts = unitBlocks(
      outs.map((out) => ({ id: out.id, check_in: out.block_start, check_out: out.block_end })),
      windowStart,
      days,
    ).map((block): BlockOutBlock => ({ ...block, kind: 'block-out', label: outs.find((out) => out.id === block.id)?.notes?.trim() || t('timeline.blockedOut') }));
    return { unit, blocks, blockOuts };
  });
}
