#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// The GUI thread's longest stall while it runs: a timer firing every 2 ms on that thread, and the
// largest gap between two of its ticks (from start() to stop(), stop() counting as a tick, so
// work that ends the measurement is inside it). An idle thread shows the interval plus the
// scheduler's jitter; anything that holds the thread up shows as a longer gap.
class StallMeter final : public QObject
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(2);
        connect(&m_timer, &QTimer::timeout, this, [this] { tick(); });
    }

    void start()
    {
        m_maxNs = 0;
        m_maxEndNs = 0;
        m_clock.start();
        m_lastNs = 0;
        m_timer.start();
    }

    // The longest gap, in milliseconds.
    double stop()
    {
        tick();
        m_timer.stop();
        return double(m_maxNs) / 1e6;
    }
    // Where the longest gap ended, and how long the measure ran, in milliseconds since start():
    // a stall at the very start or end of a run is not one in its middle.
    double longestEndedAtMs() const { return double(m_maxEndNs) / 1e6; }
    double ranMs() const { return double(m_lastNs) / 1e6; }

private:
    void tick()
    {
        const qint64 now = m_clock.nsecsElapsed();
        if (now - m_lastNs > m_maxNs) {
            m_maxNs = now - m_lastNs;
            m_maxEndNs = now;
        }
        m_lastNs = now;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastNs = 0;
    qint64 m_maxNs = 0;
    qint64 m_maxEndNs = 0;
};
