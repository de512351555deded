import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/core/styles/ColorPicker.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/tiptap/styles.layer.css';
import './rich-text-editor.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { EMPTY_DOCUMENT } from '@roam/contract/rich-text';
import { IconPilcrow } from '@tabler/icons-react';
import Subscript from '@tiptap/extension-subscript';
import Superscript from '@tiptap/extension-superscript';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';

type RichTextFieldProps = {
  label: string;
  /** The document as JSON text (what the form sends). */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
};

const COLORS = [
  '#25262b',
  '#868e96',
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#7950f2',
  '#4c6ef5',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#82c91e',
  '#fab005',
  '#fd7e14',
];

function parse(value: string): object {
  try {
    const document: unknown = JSON.parse(value);
    return typeof document === 'object' && document !== null ? document : EMPTY_DOCUMENT;
  } catch {
    return EMPTY_DOCUMENT;
  }
}

/**
 * The rich-text editor (SPEC §2 Shared pieces, DESIGN §2): TipTap through @mantine/tiptap with
 * bold, italic, underline, strikethrough, monospace, superscript, subscript, Normal to H6,
 * blockquote, code, lists, colour, link and history; what it writes is the JSON document the
 * contract's rich-text rules accept (links http, https or mailto). Loaded only by the forms that
 * use it; its base styles come from a stylesheet, never an injected style tag (the page's CSP).
 */
export default function RichTextField({ label, value, onChange, error, disabled }: RichTextFieldProps) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false, protocols: ['mailto'], defaultProtocol: 'https' }),
      Superscript,
      Subscript,
      TextStyle,
      Color,
    ],
    content: parse(value),
    injectCSS: false,
    editable: !disabled,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-describedby': error ? `${id}-error` : '',
      },
    },
    onUpdate: ({ editor: current }) => onChange(JSON.stringify(current.getJSON())),
  });

  return (
    <Input.Wrapper label={label} error={error} id={id}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar sticky stickyOffset={0}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
            <RichTextEditor.Superscript />
            <RichTextEditor.Subscript />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control
              onClick={() => editor?.chain().focus().setParagraph().run()}
              active={editor?.isActive('paragraph')}
              aria-label="Normal text"
              title="Normal text"
            >
              <IconPilcrow size={16} stroke={1.5} aria-hidden />
            </RichTextEditor.Control>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
            <RichTextEditor.H5 />
            <RichTextEditor.H6 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.ColorPicker colors={COLORS} />
            <RichTextEditor.UnsetColor />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
