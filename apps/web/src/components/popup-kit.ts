/**
 * The UI kit's popups and modals (and what positions them), loaded with the first one opened or
 * once the page is idle (components/popup-on-demand.tsx, components/modal-on-demand.tsx): a list or
 * detail page paints without their code, nor their styles. The scroll area is the downloads
 * popover's (and a modal's); it shares the positioning library's code.
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Radio.layer.css';

export { Menu, Modal, Popover, ScrollArea } from '@mantine/core';
