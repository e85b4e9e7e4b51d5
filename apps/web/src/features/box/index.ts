/** The box feature's public surface for app/ (the /home 盲盒开箱 tab). */
export { default as BoxThemesPreview } from './components/box-themes-preview';
