/**
 * The heavy antd components (forms, inputs and dialogs, tables, selects, uploads). Loaded only by screens
 * that need them, so the shell's first screens do not pay for them. Same rules as '@steward/libs/ui/antd'; and
 * a component added here may be one whose styles the shell leaves out (build/antdStyles.mjs: take it off
 * that list, a test says so).
 * Their part of antd's stylesheet comes with them (build/antdStyles.mjs splits it): a screen drawn with the
 * light components alone does not wait for it.
 */
import 'antd/dist/antd.css?data';
import './tabs.css';

export {
  Card,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Result,
  Select,
  Switch,
  Table,
  Tabs,
  Upload,
} from 'antd';
export { FormDialog, type FormDialogProps } from './FormDialog';
export type { FormInstance, FormProps, InputProps, ModalProps, SelectProps, TableColumnsType, TableProps, TabsProps, UploadFile, UploadProps } from 'antd';
