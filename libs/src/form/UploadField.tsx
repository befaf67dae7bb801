import { Button, Flex } from '@steward/libs/ui/antd';
import { Input, Upload } from '@steward/libs/ui/antd-data';
import type { FieldInputProps } from './fieldInputProps';
import { t } from '@steward/libs/messages';

/** The URL box's hint: a link on the site's own host, as its placeholder shows. */
function urlPlaceholder(): string {
  const host = typeof window === 'undefined' ? 'example.com' : window.location.host;
  return `https://${host}/…`;
}

/** A URL box plus a file upload; a finished upload fills the box with the file's public URL. */
export function UploadField({ id, field, value, onChange, onUpload, uploading, disabled, invalid }: FieldInputProps & { value: string }) {
  return (
    <Flex gap={8} align="center">
      <Input
        id={id}
        type="url"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        status={invalid ? 'error' : undefined}
        placeholder={field.placeholder ?? urlPlaceholder()}
      />
      <Upload
        showUploadList={false}
        disabled={disabled || !onUpload}
        beforeUpload={(file) => {
          onUpload?.(file);
          // The editor uploads through @steward/libs/data; antd's own request is never made.
          return false;
        }}
      >
        <Button disabled={disabled || !onUpload} loading={uploading} aria-label={t('form.uploadNamed', { label: field.label })}>
          {t('form.upload')}
        </Button>
      </Upload>
    </Flex>
  );
}
