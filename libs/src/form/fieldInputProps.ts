import type { FieldDef } from './fieldSchema';
import type { FormValue } from './fieldValues';

/** What every field input takes: the generic FieldInput and the inputs it hands a field to (UploadField). */
export type FieldInputProps = {
  id: string;
  field: FieldDef;
  value: FormValue;
  onChange: (value: FormValue) => void;
  onUpload?: (file: File) => void;
  uploading?: boolean;
  disabled?: boolean;
  invalid?: boolean;
};
