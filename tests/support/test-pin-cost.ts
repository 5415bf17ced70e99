import { pinHashCostForTests } from '../../electron/settings/staff-pin'

/**
 * A setup file of Vitest's in-process projects (vitest.config.ts): the staff PINs the tests set are hashed
 * by scrypt at a lower cost than a kiosk's (staff-pin.ts, pinHashCostForTests). The suite sets and checks
 * over five hundred, most of a minute of CPU at a kiosk's cost; a hash names its cost, so they are checked by the
 * same code. What a kiosk stores is pinned by tests/unit/settings/staff-pin.test.ts at a kiosk's cost.
 * The E2E specs' browser hosts are asked for the same (FOYER_TEST_PIN_COST, tests/e2e/host-process.ts).
 */
pinHashCostForTests('test')
