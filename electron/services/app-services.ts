import { createDispatcher, type Dispatcher, type Handler, type Handlers } from '../ipc-core/dispatcher'
import { stderrLogger, type Logger } from '../ipc-core/logger'
import { PushBus } from '../ipc-core/push-bus'
import { unavailableAdminHandlers, type AdminHandlers } from './admin-service'
import { audioGuidanceHandler, endingAudioGuidance, type AudioGuidance } from './audio-guidance'
import { CounterDesk, counterHandlers, withCashierCheck } from '../counter/counter-desk'
import type { CounterIdle } from './counter-idle'
import { SYSTEM_PRINTER } from './printer-readiness'
import { drawerHandlers } from './drawer-service'
import { disconnectedSalesHandlers, type SalesHandlers } from './sales-service'
import { SystemInfoService, type SystemFacts } from './system-info'
import { hubOutOfService } from './hub-service'
import { CustomerDisplay } from './customer-display'
import { customerDisplayHandlers, followSale } from './customer-display-handlers'

/**
 * The composition root of the main-process services. Electron main and the
 * browser host both build exactly this, so the renderer talks to the same
 * objects whichever host carries its calls.
 */
export interface AppServices {
  dispatcher: Dispatcher
  pushes: PushBus
  system: SystemInfoService
  /** Who is signed in at this counter (main's word, not the renderer's). */
  counter: CounterDesk
  /** What the customer display shows (main's word): the hosts give it their displays. */
  customerDisplay: CustomerDisplay
}

export interface AppServicesOptions extends SystemFacts {
  log?: Logger
  /** The sale's services; without them every sale channel answers "no backend connected". */
  sales?: SalesHandlers
  /** Staff services (PIN, settings, credentials); without them those channels answer "unavailable". */
  admin?: AdminHandlers
  pushes?: PushBus
  system?: SystemInfoService
  /** The counter's sign-in, when the sale's services already use it (runtime.ts); else one without staff accounts. */
  counter?: CounterDesk
  /** Main's own count of the counter's idle time (runtime.ts): every call is looked at, and counted, by it. */
  counterIdle?: CounterIdle
  /** The box office's hub has revoked this device (./hub-service.ts): no new sale starts. Absent: never. */
  outOfService?: () => boolean
  /** Main's memory of whether the customer is in audio mode (./audio-guidance.ts); absent: kiosk.audioGuidance answers "no backend". */
  audioGuidance?: AudioGuidance
  /** The ticket printer's state (./printer-service.ts); absent: the system printer, taken as ready. */
  printer?: { 'printer.status': Handler<'printer.status'>; 'counter.usePrinter'?: Handler<'counter.usePrinter'> }
  /** The counter's cash drawer (./drawer-service.ts); absent: none, and the channels say so. */
  drawer?: { 'drawer.status': Handler<'drawer.status'>; 'drawer.open': Handler<'drawer.open'> }
  /** The customer display's state (./customer-display.ts); absent: one that knows no backend (its basket stays empty). */
  customerDisplay?: CustomerDisplay
}

/**
 * The channels that start a sale (seats offered or kept, an order placed). A device the hub revoked is
 * refused them by main, whatever its screen shows; a sale already placed may still be paid and
 * printed, so no customer's money is left half-taken.
 */
const SALE_STARTING = ['offers.request', 'offers.keep', 'offers.pick', 'offers.accessible', 'checkout.submit'] as const

function withServiceCheck(handlers: SalesHandlers, outOfService: () => boolean): SalesHandlers {
  const guarded: Record<string, unknown> = { ...handlers }
  for (const name of SALE_STARTING) {
    const handler = handlers[name] as (request: unknown, context: unknown) => unknown
    guarded[name] = (request: unknown, context: unknown) => {
      if (outOfService()) throw hubOutOfService()
      return handler(request, context)
    }
  }
  return guarded as SalesHandlers
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const { log = stderrLogger, sales, admin, pushes = new PushBus(), system: given, counter: desk, counterIdle, printer, drawer, outOfService, audioGuidance, customerDisplay: display, ...facts } = options
  const system = given ?? new SystemInfoService(facts)
  const counter = desk ?? new CounterDesk(system)
  const staff = admin ?? unavailableAdminHandlers()
  const customerDisplay = display ?? new CustomerDisplay({ pushes, connected: () => null, servedBy: () => null, log })
  const handlers: Handlers = {
    'system.info': () => system.info(),
    'system.screen': ({ screen }) => {
      system.screenShown(screen)
      return {}
    },
    ...endingAudioGuidance(withServiceCheck(withCashierCheck(sales ?? disconnectedSalesHandlers(), counter), outOfService ?? (() => false)), audioGuidance ?? null),
    'kiosk.audioGuidance': audioGuidanceHandler(audioGuidance ?? null),
    ...staff,
    ...counterHandlers(counter),
    'printer.status': printer?.['printer.status'] ?? (() => SYSTEM_PRINTER),
    // Only a counter with a printer staff chose can switch; checked for a signed-in cashier like a sale.
    ...withCashierCheck({ 'counter.usePrinter': printer?.['counter.usePrinter'] ?? (() => SYSTEM_PRINTER) }, counter),
    // Who opened the drawer is journalled with each opening: a cashier signed in.
    ...withCashierCheck(drawer ?? drawerHandlers(null, () => system.info().mode), counter),
    ...customerDisplayHandlers(customerDisplay, counter, () => system.info().mode),
  }
  // The customer display follows the sale as main sees it: the order placed, paid, ended.
  const followed = followSale(handlers, customerDisplay)
  return { dispatcher: createDispatcher(counterIdle ? counterIdle.watch(followed) : followed, log), pushes, system, counter, customerDisplay }
}
