import '@mantine/tiptap/styles.css';
import { useLingui } from '@lingui/react/macro';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef } from 'react';
import { editorValue } from '../model';

/*
 * The news editor and its read-only preview: one lazily loaded chunk (tiptap and ProseMirror stay
 * out of the list's bundle). Both parse HTML through tiptap's schema, which keeps only the nodes
 * and marks it knows: a <script>, an on* handler or a javascript: link never reaches the page,
 * on top of the server's own sanitising.
 */

// StarterKit 3 brings its own Link; Mantine's adds the Mod+K link editor, so it replaces it.
const extensions = [StarterKit.configure({ link: false }), Link];

function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useLingui();
  return useMemo(
    () => ({
      boldControlLabel: t`Bold`,
      italicControlLabel: t`Italic`,
      underlineControlLabel: t`Underline`,
      strikeControlLabel: t`Strikethrough`,
      clearFormattingControlLabel: t`Clear formatting`,
      h2ControlLabel: t`Heading 2`,
      h3ControlLabel: t`Heading 3`,
      blockquoteControlLabel: t`Quote`,
      bulletListControlLabel: t`Bullet list`,
      orderedListControlLabel: t`Numbered list`,
      linkControlLabel: t`Link`,
      unlinkControlLabel: t`Remove link`,
      undoControlLabel: t`Undo`,
      redoControlLabel: t`Redo`,
      linkEditorInputLabel: t`Link address`,
      linkEditorInputPlaceholder: 'https://example.com/',
      linkEditorExternalLink: t`Open link in a new tab`,
      linkEditorInternalLink: t`Open link in the same tab`,
      linkEditorSave: t`Save`,
    }),
    [t],
  );
}

export interface RichTextInputProps {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** Accessible name of the editable area (the field's label). */
  label: string;
  invalid?: boolean;
  testId?: string;
}

/** Rich text bound to a form value: the HTML goes out on every change, '' when there is no text. */
export function RichTextInput({ value, onChange, onBlur, label, invalid, testId }: RichTextInputProps) {
  const labels = useLabels();
  // The HTML this editor last produced or was given: a new `value` that differs (the conflict
  // view's "take theirs") replaces the document; our own echo does not.
  const last = useRef(value);
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    'aria-invalid': invalid ? 'true' : 'false',
    ...(testId ? { 'data-testid': testId } : {}),
  };
  const editor = useEditor({
    extensions,
    content: value,
    onUpdate: ({ editor: e }) => {
      const html = editorValue(e.getHTML(), e.isEmpty);
      last.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
    editorProps: { attributes },
  });

  useEffect(() => {
    if (!editor || value === last.current) return;
    last.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // The error state changes after the editor exists: keep its attributes current.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) } });
  }, [editor, attributesKey]);

  return (
    <RichTextEditor
      editor={editor}
      labels={labels}
      style={invalid ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
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
      <RichTextEditor.Content mih={220} />
    </RichTextEditor>
  );
}

/** The news as the site will show it, through the same schema as the editor (read-only). */
export function RichTextPreview({ html, label }: { html: string; label: string }) {
  // Read-only, so not a text box (what the editor calls itself by default) but a named article.
  const attributes = { role: 'article', 'aria-label': label };
  const editor = useEditor({ extensions, content: html, editable: false, editorProps: { attributes } }, [html, label]);
  return (
    <RichTextEditor editor={editor} variant="subtle" style={{ border: 0 }}>
      <RichTextEditor.Content data-testid="news-preview-content" />
    </RichTextEditor>
  );
}
