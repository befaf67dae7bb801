import { Button, Flex } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { RecordEditorForm } from './RecordEditorForm';
import type { RecordEditorApi } from './useRecordEditor';
import { useT } from '@steward/libs/messages';

/**
 * The detail page's inline field editor (in the editor's sections, two columns on wide screens, when it
 * has them); renders nothing while closed.
 */
export function InlineEditor({ editor }: { editor: RecordEditorApi }) {
  const t = useT();
  if (!editor.open) return null;
  const { children, ...saveButtonProps } = editor.saveButtonProps;
  return (
    <Card size="small" title={editor.title}>
      <RecordEditorForm editor={editor} idPrefix="inline-editor" />
      <Flex gap={8} justify="flex-end">
        <Button onClick={editor.close} disabled={editor.busy}>
          {editor.viewOnly ? t('common.close') : t('common.cancel')}
        </Button>
        {editor.viewOnly ? null : <Button {...saveButtonProps}>{children}</Button>}
      </Flex>
    </Card>
  );
}
