/** Query keys of the orders feature; a Pay Now attempt invalidates them all (the status may have moved). */
export const ordersQueryKey = ['orders'] as const;
