/**
 * The heavy antd components (forms, inputs and dialogs, tables, pickers, selects, uploads). Loaded only by
 * screens that need them, so the shell's first screens do not pay for them. Same rules as '@steward/libs/antd'.
 */
import './tabs.css';

export {
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
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
export type { FormInstance, FormProps, InputProps, ModalProps, SelectProps, TableColumnsType, TableProps, TabsProps, UploadFile, UploadProps } from 'antd';
