import type { DisplayScreens } from '../services/customer-display'

/**
 * The browser host's displays: it has no screens of its own, only the customer display's page, which
 * the staff screen lists as its one display (the page the host printed the address of). The test
 * picture goes on that page (main's view), wherever a browser has it open.
 */
export function pageAsDisplay(): DisplayScreens {
  return {
    list: () => [{ id: 1, label: 'Customer display page', width: 0, height: 0, cashiers: false }],
    show: (displayId) => displayId === null || displayId === 1,
  }
}
