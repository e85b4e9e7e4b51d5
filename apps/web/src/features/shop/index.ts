/** The shop feature's public surface for app/ (the /home 商城 tab). */
export { default as ShopPreview } from './components/shop-preview';
