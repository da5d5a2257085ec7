import APIModel
import HTTPServer
import Scenes

/// Prices a request from its parameters before any work starts: 400 if it could never fit a
/// budget, and for offloaded work (frames, clips, uploads) a reservation of every share, or 503
/// when other requests hold them; until the answer is sent it holds its bytes, and nothing else,
/// of the budgets. A stream reserves when it joins its feed (`FrameHub`), since only a new feed
/// costs renders.
struct BudgetAdmission: EndpointMiddleware {
    let ledger: BudgetLedger

    func handle(_ call: EndpointCall, next: @escaping EndpointResponder) throws -> HTTPResponse {
        guard let cost = try call.operation.cost?(call.input) else { return try next(call) }
        try ledger.checkFits(cost.shares)
        guard call.operation.offload != nil else { return try next(call) }
        let ticket = try ledger.reserve(cost.shares)
        do {
            return try next(call).finishing { answer in
                ticket.keepOnly(memory: answer.bodyBytes?.count ?? 0)
                answer.heldUntilSent = ticket
            }
        } catch {
            ticket.release()
            throw error
        }
    }
}
