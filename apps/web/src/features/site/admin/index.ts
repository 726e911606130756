export { SiteEditor } from './site-editor';
