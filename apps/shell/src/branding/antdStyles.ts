// antd's component styles as one prebuilt stylesheet (zero-runtime mode, see brandingTheme): loaded
// with the first themed screen, not with the landing page. The shell's build leaves out the styles of
// the components the platform never renders (build/antdStyles.mjs).
import 'antd/dist/antd.css';
