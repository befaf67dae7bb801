/**
 * The heavy antd components (tables, pickers, selects, uploads). Loaded only by screens that need
 * them, so the shell's first screen does not pay for them. Same rules as '@steward/libs/antd'.
 */
export {
  DatePicker,
  Descriptions,
  InputNumber,
  Pagination,
  Popconfirm,
  Segmented,
  Select,
  Switch,
  Table,
  Tabs,
  TimePicker,
  Upload,
} from 'antd';
export type { SelectProps, TableColumnsType, TableProps, TabsProps, UploadFile, UploadProps } from 'antd';
