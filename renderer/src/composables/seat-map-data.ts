import { SeatKind } from '@contract/seat-pairs'
import { computed, markRaw } from 'vue'
import { sectionsFrom, seatsFrom } from '../seatmap/from-api'
import { emptyBounds } from '../seatmap/geometry'
import type { MapSeat, SeatSize } from '../seatmap/model'
import { priceBandsOf, type SectionRow } from '../seatmap/section-choice'
import { bearingToStage, stageOf } from '../seatmap/stage'
import { useSeatChoiceStore } from '../stores/seat-choice'

/**
 * What the seats screen's map, key and lists show, read from the show being
 * sold: the sections (with their availability and price bands) or the seats
 * offered, the seat's size, the stage and which way it lies, and the seats the
 * list offers. Derived only: choosing is the seat choice's
 * (../stores/seat-choice.ts).
 */
export function useSeatMapData() {
  const seatChoice = useSeatChoiceStore()

  const mapSections = computed(() => (seatChoice.overview ? markRaw(sectionsFrom(seatChoice.overview, seatChoice.availability)) : []))
  const mapSeats = computed(() => (seatChoice.held ? markRaw(seatsFrom(seatChoice.held.offer, seatChoice.held.chosenSet)) : []))
  /** The seat box from the first offered seat's outline (the API does not send the size itself). */
  const seatSize = computed<SeatSize>(() => {
    const o = seatChoice.held?.offer.sets[0]?.[0]?.geometry?.outline ?? []
    if (o.length < 8) return { width: 9, height: 8 }
    return { width: Math.hypot(o[2]! - o[0]!, o[3]! - o[1]!), height: Math.hypot(o[4]! - o[2]!, o[5]! - o[3]!) }
  })
  const sectionRows = computed<SectionRow[]>(() => {
    const byId = new Map(seatChoice.availability.map((a) => [a.sectionId, a.availability]))
    return (seatChoice.overview?.sections ?? []).map((s) => ({ section: s, availability: byId.get(s.sectionId) ?? 'unknown' }))
  })
  const priceBands = computed(() => priceBandsOf(seatChoice.overview?.categories ?? [], sectionRows.value))
  const stageMarker = computed(() => stageOf(mapSections.value))
  const stage = computed(() => stageMarker.value?.kind ?? null)
  /** Up close on the seats, which way the stage or pitch lies (the map shows the same venue coordinates). */
  const stageBearing = computed(() => {
    const marker = stageMarker.value
    const seats = mapSeats.value
    if (!marker || seats.length === 0) return null
    const box = emptyBounds()
    for (const seat of seats) {
      box.minX = Math.min(box.minX, seat.x)
      box.minY = Math.min(box.minY, seat.y)
      box.maxX = Math.max(box.maxX, seat.x)
      box.maxY = Math.max(box.maxY, seat.y)
    }
    return bearingToStage(box, marker)
  })
  /** The chosen section's price band. */
  const chosenBand = computed(() => (seatChoice.section ? (priceBands.value.find((b) => b.priceCategoryId === seatChoice.section!.priceCategoryId) ?? null) : null))
  /** The price band of the section whose seats are shown, for the key. */
  const shownBand = computed(() => (seatChoice.held ? chosenBand.value : null))
  /** Whether the seats shown include couple seats (the key names them only then). */
  const hasCouples = computed(() => mapSeats.value.some((s) => s.seatType === SeatKind.Couple))

  /**
   * The seats the list offers: all of them, or with accessible seating the
   * wheelchair spaces, their companion seats and the customer's own, so the
   * list goes straight to what they came for.
   */
  const listedSeats = computed<readonly MapSeat[]>(() => {
    const all = mapSeats.value
    if (!seatChoice.accessible) return all
    return all.filter((s) => s.state === 'chosen' || s.seatType === SeatKind.Wheelchair || s.seatType === SeatKind.Companion)
  })

  return { mapSections, mapSeats, seatSize, sectionRows, priceBands, stage, stageBearing, chosenBand, shownBand, hasCouples, listedSeats }
}
