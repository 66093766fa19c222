// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <atomic>
#include <functional>

class QObject;

// Carries one result from the connection thread to a context object's thread, and drops it when
// the context is gone. The thread safety comes from Qt's own signal delivery: the queued
// connection to the context is cut when the context is destroyed, and a pending call for it is
// discarded with it. So no thread ever touches a pointer to a context that may be dead.
class ReplyRelay final : public QObject
{
    Q_OBJECT

public:
    // Call while `context` is certainly alive (on its thread, typically while submitting).
    static ReplyRelay *create(QObject *context);

    // Any thread, exactly once: runs `delivery` on the context's thread, if it still exists.
    // The relay deletes itself afterwards either way.
    void post(std::function<void()> delivery);

signals:
    void ready();

private:
    ReplyRelay() = default;
    void release();

    std::function<void()> m_delivery;
    // The relay is deleted by whichever finishes last: the posting thread leaving `emit ready()`
    // or the relay's own thread running its queued cleanup. Deleting on the cleanup alone let the
    // relay's thread free it while the posting thread was still inside QObject::activate on it
    // (a use after free ASan caught in tst_bulkrunner).
    std::atomic<int> m_holders{2};
};
