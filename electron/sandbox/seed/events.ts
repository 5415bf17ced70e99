/**
 * The sandbox's training event catalogue: fictional events at the seed venues,
 * with every text in the four API languages and every date relative to the
 * sandbox's "today", so the catalogue never goes stale. Each genre group has
 * its facts (venue, price categories, sale window, shows) in events/<group>.ts
 * and its words (titles, synopses, house rules) in events/<group>-texts.ts;
 * this module only puts the groups together.
 *
 * Fixtures the rest of the sandbox relies on (pinned by tests/unit/sandbox-events.test.ts):
 * - the first stadium show in this order (FY26NOVA9, day 10) is on sale and 20% pre-sold:
 *   the load benchmark sells against it;
 * - one show each with the overrides coming-soon, reconfig, cancelled and postponed,
 *   and shows pre-sold as sold-out, single seats only and nearly full;
 * - events whose sale starts in the future, and exactly one whose sale has ended;
 * - raw text with `& < > " '` for the server's HTML escaping.
 */
import { familyFilmEvents } from './events/family-film'
import { lifestyleEvents } from './events/lifestyle'
import { musicEvents } from './events/music'
import { sportsEvents } from './events/sports'
import { stageEvents } from './events/stage'
import type { SeedEvent } from './types'

export const seedEvents: readonly SeedEvent[] = [
  ...musicEvents,
  ...sportsEvents,
  ...stageEvents,
  ...familyFilmEvents,
  ...lifestyleEvents,
]
