// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sidejobaction.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class SideJobSession;

// Asks which input port of a SideJob job gets a value, and the value as JSON: the ports are read
// from the job's record (an editable list, for a job whose ports are dynamic: "*"), the value is
// checked as it is typed and Write stays disabled, with the reason shown, until it is one JSON
// value and the port a valid name. Sends nothing itself: chosen() hands the port and value on.
class SideJobWriteInputDialog final : public QDialog
{
    Q_OBJECT

public:
    SideJobWriteInputDialog(SideJobSession *sidejob, const SideJobRef &job, QWidget *parent = nullptr);

    QComboBox *portBox() const { return m_port; }
    QPlainTextEdit *valueEdit() const { return m_value; }
    QLabel *problemLabel() const { return m_problem; }
    bool canWrite() const;

signals:
    void chosen(const QString &port, const QByteArray &value);

private:
    void check();

    QComboBox *m_port;
    QPlainTextEdit *m_value;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
};
