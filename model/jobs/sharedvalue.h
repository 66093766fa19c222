// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QExplicitlySharedDataPointer>
#include <QHash>
#include <QSharedData>

#include <utility>

// A value many rows hold alike (a queue's name, a worker's, a list of tags), kept once and
// pointed at: one pointer in each row instead of the value's own 24 bytes, and one buffer for
// however many rows hold it. Empty values hold nothing at all. Read it like std::optional
// (*value, value->), compare it like the value.
template<typename T>
class SharedValue
{
public:
    SharedValue() = default;
    explicit SharedValue(T value)
    {
        if (!value.isEmpty())
            m_d = new Data(std::move(value));
    }

    const T &operator*() const { return m_d ? m_d->value : empty(); }
    const T *operator->() const { return &**this; }
    bool isEmpty() const { return !m_d; }

    friend bool operator==(const SharedValue &a, const SharedValue &b) { return a.m_d == b.m_d || *a == *b; }
    friend bool operator!=(const SharedValue &a, const SharedValue &b) { return !(a == b); }

private:
    struct Data : QSharedData
    {
        explicit Data(T v)
            : value(std::move(v))
        {}
        T value;
    };
    static const T &empty()
    {
        static const T none;
        return none;
    }

    QExplicitlySharedDataPointer<Data> m_d;
};

// Hands out one SharedValue per distinct value: rows built through the same pool (a page of
// rows) share their equal values. Lives as long as the batch it serves; the values outlive it.
template<typename T>
class SharedValuePool
{
public:
    SharedValue<T> share(const T &value)
    {
        if (value.isEmpty())
            return {};
        auto it = m_values.constFind(value);
        if (it == m_values.cend())
            it = m_values.insert(value, SharedValue<T>(value));
        return *it;
    }

private:
    QHash<T, SharedValue<T>> m_values;
};
