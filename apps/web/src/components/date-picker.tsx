// The UI kit's date picker, its code and styles: a file of its own, loaded by the list filters'
// date fields (core/lists/components/date-range-filter.tsx) when the browser is idle or the admin
// reaches for a date, not with the list screen.
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/dates/styles.layer.css';

export { DatePickerInput } from '@mantine/dates';
