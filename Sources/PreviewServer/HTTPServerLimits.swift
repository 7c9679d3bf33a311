/// How long and how much the server gives each connection. The defaults suit a browser on the
/// same machine; tests give shorter times, so that they wait for no real time.
package struct HTTPServerLimits: Sendable {
    /// How long a connection may stay open without sending a byte; it is then closed without an
    /// answer. Browsers open connections ahead of need, and open a new one when one was closed.
    package var idleLimit: Duration = .seconds(2)
    /// How long a connection has, from its opening, to send its whole request line and headers;
    /// one that started and is not done then gets 408.
    package var requestDeadline: Duration = .seconds(5)
    /// How long a client has to take the whole response.
    package var sendDeadline: Duration = .seconds(10)
    /// How long, once the response is sent, what the client still sends is read and dropped
    /// before the socket is closed (closing with input unread would reset the connection and
    /// could lose the response). A deadline of its own, not renewed by what arrives.
    package var linger: Duration = .seconds(1)
    /// How long ``HTTPServer/stop()`` lets responses under way finish.
    var stopGrace: Duration = .milliseconds(200)
    /// Connections open at once. A new one past it closes the oldest connection still waiting
    /// for its request (one that sent nothing first), so that clients that hold connections
    /// open and idle never lock out one that asks.
    package var maxConnections = 256
    /// The longest request line and headers accepted; longer ones get 431.
    package var maxHeaderBytes = 16 * 1024

    package init() {}
}
