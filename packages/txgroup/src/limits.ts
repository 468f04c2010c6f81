/** go-algorand's MaxTxGroupSize (config/consensus.go): the most transactions a group may hold. */
export const MAX_GROUP_SIZE = 16
