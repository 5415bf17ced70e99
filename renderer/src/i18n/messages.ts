import enSG from './locales/en-SG.json'
import msMY from './locales/ms-MY.json'
import zhCN from './locales/zh-CN.json'
import zhHK from './locales/zh-HK.json'
import accessEnSG from './locales/access/en-SG.json'
import accessMsMY from './locales/access/ms-MY.json'
import accessZhCN from './locales/access/zh-CN.json'
import accessZhHK from './locales/access/zh-HK.json'
import cartEnSG from './locales/cart/en-SG.json'
import cartMsMY from './locales/cart/ms-MY.json'
import cartZhCN from './locales/cart/zh-CN.json'
import cartZhHK from './locales/cart/zh-HK.json'
import counterEnSG from './locales/counter/en-SG.json'
import checkoutEnSG from './locales/checkout/en-SG.json'
import counterMsMY from './locales/counter/ms-MY.json'
import checkoutMsMY from './locales/checkout/ms-MY.json'
import counterZhCN from './locales/counter/zh-CN.json'
import checkoutZhCN from './locales/checkout/zh-CN.json'
import counterZhHK from './locales/counter/zh-HK.json'
import checkoutZhHK from './locales/checkout/zh-HK.json'
import kioskEnSG from './locales/kiosk/en-SG.json'
import keyboardEnSG from './locales/keyboard/en-SG.json'
import kioskMsMY from './locales/kiosk/ms-MY.json'
import keyboardMsMY from './locales/keyboard/ms-MY.json'
import kioskZhCN from './locales/kiosk/zh-CN.json'
import keyboardZhCN from './locales/keyboard/zh-CN.json'
import kioskZhHK from './locales/kiosk/zh-HK.json'
import keyboardZhHK from './locales/keyboard/zh-HK.json'
import terminalEnSG from './locales/terminal/en-SG.json'
import terminalMsMY from './locales/terminal/ms-MY.json'
import terminalZhCN from './locales/terminal/zh-CN.json'
import terminalZhHK from './locales/terminal/zh-HK.json'
import printerEnSG from './locales/printer/en-SG.json'
import printerMsMY from './locales/printer/ms-MY.json'
import printerZhCN from './locales/printer/zh-CN.json'
import printerZhHK from './locales/printer/zh-HK.json'
import staffEnSG from './locales/staff/en-SG.json'
import seatsEnSG from './locales/seats/en-SG.json'
import staffMsMY from './locales/staff/ms-MY.json'
import seatsMsMY from './locales/seats/ms-MY.json'
import staffZhCN from './locales/staff/zh-CN.json'
import seatsZhCN from './locales/seats/zh-CN.json'
import staffZhHK from './locales/staff/zh-HK.json'
import seatsZhHK from './locales/seats/zh-HK.json'
import hubEnSG from './locales/hub/en-SG.json'
import drawerEnSG from './locales/drawer/en-SG.json'
import hubMsMY from './locales/hub/ms-MY.json'
import drawerMsMY from './locales/drawer/ms-MY.json'
import hubZhCN from './locales/hub/zh-CN.json'
import drawerZhCN from './locales/drawer/zh-CN.json'
import hubZhHK from './locales/hub/zh-HK.json'
import drawerZhHK from './locales/drawer/zh-HK.json'
import displayEnSG from './locales/display/en-SG.json'
import displayMsMY from './locales/display/ms-MY.json'
import displayZhCN from './locales/display/zh-CN.json'
import displayZhHK from './locales/display/zh-HK.json'

/**
 * Every message of every language. The core texts live in `locales/<locale>.json`;
 * larger areas (access, cart, checkout, counter, kiosk, keyboard, terminal, printer, hub, drawer, staff, and the seat words under `seatWords`) keep their own file per language under `locales/<area>/`, so the
 * people translating one area do not edit the same file as another. The staff area (accounts, roles, approvals) adds
 * to the core file's `staff` texts (the PIN pad), under the same `staff.` keys.
 */
export const messages = {
  'en-SG': { ...enSG, access: accessEnSG, cart: cartEnSG, checkout: checkoutEnSG, counter: counterEnSG, kiosk: kioskEnSG, keyboard: keyboardEnSG, terminal: terminalEnSG, printer: printerEnSG, hub: hubEnSG, drawer: drawerEnSG, seatWords: seatsEnSG, staff: { ...enSG.staff, ...staffEnSG }, customerDisplay: displayEnSG },
  'zh-CN': { ...zhCN, access: accessZhCN, cart: cartZhCN, checkout: checkoutZhCN, counter: counterZhCN, kiosk: kioskZhCN, keyboard: keyboardZhCN, terminal: terminalZhCN, printer: printerZhCN, hub: hubZhCN, drawer: drawerZhCN, seatWords: seatsZhCN, staff: { ...zhCN.staff, ...staffZhCN }, customerDisplay: displayZhCN },
  'zh-HK': { ...zhHK, access: accessZhHK, cart: cartZhHK, checkout: checkoutZhHK, counter: counterZhHK, kiosk: kioskZhHK, keyboard: keyboardZhHK, terminal: terminalZhHK, printer: printerZhHK, hub: hubZhHK, drawer: drawerZhHK, seatWords: seatsZhHK, staff: { ...zhHK.staff, ...staffZhHK }, customerDisplay: displayZhHK },
  'ms-MY': { ...msMY, access: accessMsMY, cart: cartMsMY, checkout: checkoutMsMY, counter: counterMsMY, kiosk: kioskMsMY, keyboard: keyboardMsMY, terminal: terminalMsMY, printer: printerMsMY, hub: hubMsMY, drawer: drawerMsMY, seatWords: seatsMsMY, staff: { ...msMY.staff, ...staffMsMY }, customerDisplay: displayMsMY },
}
