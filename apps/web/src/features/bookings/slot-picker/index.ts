/** The time picker shared by booking (/consultation) and rescheduling (/dash). */
export { SlotPicker } from './slot-picker';
export { NearestSlots } from './nearest-slots';
export { readNearestSlots } from './nearest-slots-problem';
