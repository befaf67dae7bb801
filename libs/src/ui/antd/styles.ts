// antd's component styles as one prebuilt stylesheet (zero-runtime mode, see the shell's brandingTheme):
// they arrive with antd itself, when the first part drawn with antd loads (AntdTheme), not with a
// list's first view or the landing page. The shell's build leaves out the styles of the components
// the platform never renders (build/antdStyles.mjs).
import 'antd/dist/antd.css';
import './pressed.css';
import './busy.css';
