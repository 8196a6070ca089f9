import { createStore } from './store.js';

/** The two named modals (docs/product/routes.md), both closed initially. */
export type ModalName = 'navigationModal' | 'onboardingQuestion';
export const modalStore = createStore<Record<ModalName, boolean>>({ navigationModal: false, onboardingQuestion: false });

export function setModalOpen(name: ModalName, open: boolean): void {
  modalStore.set((prev) => ({ ...prev, [name]: open }));
}
