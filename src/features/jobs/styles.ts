/** The Jobs page's controls: the same as the Watches page's (src/components/form-styles.ts). */
export * from '../../components/form-styles';
